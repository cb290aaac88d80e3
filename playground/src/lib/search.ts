// Browser code: reads the listings through the site's own proxy (same origin, no key) and
// matches words against titles, excerpts and tags.

interface ListBody<T> {
  data: T[];
  meta?: { total_pages?: number };
}
interface BlogItem {
  id: string;
  slug: string;
}
interface ArticleItem {
  slug: string;
  blog_id: string;
  title: string;
  excerpt: string | null;
  tags: string[];
}
export interface Hit {
  title: string;
  excerpt: string | null;
  path: string;
}
export type SearchOutcome = { ok: true; hits: Hit[] } | { ok: false; message: string };

/** Every page of a listing, in order (the proxy answers with the API's own envelope). */
async function readAll<T>(url: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}page=${page}`);
    const body = (await response.json().catch(() => undefined)) as
      | (ListBody<T> & { error?: { message?: string } })
      | undefined;
    if (!response.ok || !body) {
      throw new Error(body?.error?.message ?? `the server answered ${response.status}.`);
    }
    items.push(...body.data);
    pages = body.meta?.total_pages ?? 1;
  }
  return items;
}

export async function searchArticles(proxy: string, query: string): Promise<SearchOutcome> {
  try {
    const [blogs, articles] = await Promise.all([
      readAll<BlogItem>(`${proxy}/blogs?per_page=100`),
      readAll<ArticleItem>(`${proxy}/articles?per_page=100`),
    ]);
    const slugOf = new Map(blogs.map((b) => [b.id, b.slug]));
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const hits = articles
      .filter((a) => {
        const text = [a.title, a.excerpt ?? '', ...a.tags].join(' ').toLowerCase();
        return words.every((word) => text.includes(word));
      })
      .map((a) => ({
        title: a.title,
        excerpt: a.excerpt,
        path: `/blogs/${slugOf.get(a.blog_id) ?? a.blog_id}/${a.slug}/`,
      }));
    return { ok: true, hits };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}
