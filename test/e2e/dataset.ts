import { type ArticleRecord, defaultDataset, demoKeys } from '@content-read/mock-server';

// What the browser tests expect to see, read from the mock server's built-in dataset rather
// than written out by hand: if the dataset changes, the expectations follow.

export const dataset = defaultDataset();
export const fullKey = demoKeys.find((k) => k.name === 'full')?.key ?? '';

const workspaceOfFullKey = 'ws_northwind';

/** Blogs the `full` demo key reads: the workspace's public blogs. */
export const visibleBlogs = dataset.blogs.filter(
  (b) => b.workspace_id === workspaceOfFullKey && b.public,
);

/** A blog's public articles, newest first (the order the blog page lists them in). */
export function publicArticles(blogId: string): ArticleRecord[] {
  return dataset.articles
    .filter((a) => a.blog_id === blogId && a.public)
    .sort((a, b) => b.published_at.localeCompare(a.published_at));
}

/** Plain text of an HTML fragment, the way a browser's textContent would read it. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The h2/h3 headings of an article body, in order: what its table of contents lists. */
export function headingsOf(html: string): { depth: number; text: string }[] {
  return [...html.matchAll(/<h([23])[^>]*>(.*?)<\/h\1>/g)].map((m) => ({
    depth: Number(m[1]),
    text: textOf(m[2] ?? ''),
  }));
}

/** The first paragraph of an article body, as text. */
export function firstParagraph(html: string): string {
  return textOf(/<p>(.*?)<\/p>/.exec(html)?.[1] ?? '');
}
