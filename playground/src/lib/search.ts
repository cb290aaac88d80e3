// Browser code. A search that does not download the archive: the static index Pagefind built from
// the article pages at build time (a few small files per query), merged with the newest articles
// read as lean listings through the site's own proxy (same origin, no key), so that an article
// published since the build is found too.

import { articleUrl } from '../article-url';

interface ListBody<T> {
  data: T[];
  meta?: { total?: number; total_pages?: number };
  error?: { message?: string };
}
interface BlogItem {
  id: string;
  slug: string;
}
interface ArticleItem {
  id: string;
  slug: string;
  blog_id: string;
  title: string;
  excerpt: string | null;
  tags: string[];
  updated_at: string;
}
export interface Hit {
  title: string;
  excerpt: string | null;
  path: string;
}
/** What was found; `problem`: what could not be searched (the index, or the newest articles). */
export interface SearchOutcome {
  hits: Hit[];
  problem?: string;
}

interface PagefindResult {
  data(): Promise<{ url: string; meta: { title?: string }; excerpt: string }>;
}
interface Pagefind {
  search(query: string): Promise<{ results: PagefindResult[] }>;
}

/** Results shown from the index (each costs one small fragment file). */
const SHOWN = 20;
/** The newest articles read through the proxy (the API lists in creation order: the last pages). */
const NEWEST = 50;
/** The fields read, in the API's order (the proxy's one spelling of `fields`). */
const LEAN = 'id,blog_id,slug,title,excerpt,tags,updated_at';

let index: Promise<Pagefind> | undefined;
/** Pagefind's script, written by `astro build` (absent in `astro dev` before any build). */
function pagefind(): Promise<Pagefind> {
  const url = '/pagefind/pagefind.js';
  index ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).catch(() => {
    index = undefined;
    throw new Error('it is written by astro build');
  });
  return index;
}

/**
 * A listing's URL in the proxy's one spelling (names in order, no `page=1`), which every
 * visitor's request shares in the route cache; another spelling would cost a redirect.
 */
function listing(proxy: string, resource: string, query: Record<string, string | number>) {
  const params = Object.entries(query)
    .filter(([name, value]) => !(name === 'page' && Number(value) === 1))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => [name, String(value)]);
  return `${proxy}/${resource}?${new URLSearchParams(params)}`;
}

async function read<T>(url: string): Promise<ListBody<T>> {
  const response = await fetch(url);
  const body = (await response.json().catch(() => undefined)) as ListBody<T> | undefined;
  if (!response.ok || !body) {
    throw new Error(body?.error?.message ?? `the server answered ${response.status}.`);
  }
  return body;
}

/** The newest articles, lean (no bodies): the last one or two pages of the listing. */
async function newestArticles(proxy: string): Promise<ArticleItem[]> {
  const first = listing(proxy, 'articles', { fields: 'id', per_page: 1 });
  const total = (await read<unknown>(first)).meta?.total ?? 0;
  const last = Math.ceil(total / NEWEST);
  const pages = [last - 1, last].filter((page) => page >= 1);
  const bodies = await Promise.all(
    pages.map((page) =>
      read<ArticleItem>(listing(proxy, 'articles', { fields: LEAN, per_page: NEWEST, page })),
    ),
  );
  return bodies.flatMap((body) => body.data);
}

/** Hits from the static index, in its order. */
async function indexed(query: string): Promise<Hit[]> {
  const found = await (await pagefind()).search(query);
  const results = await Promise.all(found.results.slice(0, SHOWN).map((r) => r.data()));
  return results.map((r) => ({
    title: r.meta.title ?? r.url,
    excerpt: r.excerpt.replace(/<[^>]*>/g, ''),
    path: r.url,
  }));
}

/**
 * Searches for `query`: the index, and the newest articles through `proxy`. `builtThrough` is
 * the newest `updated_at` the build saw (ISO): a newest article changed after it (or new) is
 * matched as the API has it now and links to its live page, in place of its built page's hit;
 * one not changed since is the index's to find.
 */
export async function searchArticles(
  proxy: string,
  query: string,
  builtThrough: string,
): Promise<SearchOutcome> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  // Either half may fail alone: the other's hits are still shown.
  const [fromIndex, lean] = await Promise.allSettled([
    indexed(query),
    Promise.all([
      newestArticles(proxy),
      read<BlogItem>(listing(proxy, 'blogs', { fields: 'id,slug', per_page: 500 })),
    ]),
  ]);
  const built = Date.parse(builtThrough);
  const recent: Hit[] = [];
  /** Built pages older than the article: their index hits are dropped. */
  const stale = new Set<string>();
  if (lean.status === 'fulfilled') {
    const [newest, blogs] = lean.value;
    const slugOf = new Map(blogs.data.map((b) => [b.id, b.slug]));
    for (const a of newest) {
      if (Date.parse(a.updated_at) <= built) continue;
      // Its built page, by the site's route (which reads slugs; these ids are the API's).
      const blog = { id: a.blog_id, slug: slugOf.get(a.blog_id) ?? a.blog_id };
      stale.add(articleUrl({ id: a.id, slug: a.slug, blog }));
      const text = [a.title, a.excerpt ?? '', ...a.tags].join(' ').toLowerCase();
      if (words.every((word) => text.includes(word)))
        recent.push({ title: a.title, excerpt: a.excerpt, path: `/live/${a.id}/` });
    }
  }
  const indexHits = fromIndex.status === 'fulfilled' ? fromIndex.value : [];
  const hits = indexHits.filter((hit) => !stale.has(hit.path));
  const problem =
    fromIndex.status === 'rejected'
      ? `the site's search index could not be read (${(fromIndex.reason as Error).message})`
      : lean.status === 'rejected'
        ? `articles published since this site was built could not be searched: ${(lean.reason as Error).message}`
        : undefined;
  return { hits: [...recent, ...hits], ...(problem ? { problem } : {}) };
}
