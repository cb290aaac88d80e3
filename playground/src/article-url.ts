import type { ArticleRoute } from '@content-read/astro-loader';

/**
 * Where this site shows an article: the page of src/pages/blogs/[blog]/[article].astro, by its
 * blog's slug and its own. Declared once: both articles loaders point links between articles
 * here (src/content.config.ts, src/live.config.ts), and the pages, cards, feeds and search link
 * articles with it.
 */
export function articleUrl(article: ArticleRoute): string {
  return `/blogs/${article.blog.slug}/${article.slug}/`;
}
