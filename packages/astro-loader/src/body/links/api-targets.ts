/**
 * The API's articles and blogs as the link index (link-targets.ts) knows them: by the ids their
 * entries get, with only web URLs kept. One mapping for the sync, the live loader and the doctor.
 */
import type { Article, Blog } from '@content-read/core';
import { toEntryId } from '../../shared/entries/entry-ids.js';
import { webUrl } from '../../shared/entries/mapping.js';
import type { LinkArticle, LinkBlog } from './link-targets.js';

/** `article` by its entry id (`id`: the collection's, default the API id made an entry id). */
export function linkArticleOf(
  article: Article,
  id: string = toEntryId(article.id),
  blogEntryId: (apiId: string) => string = toEntryId,
): LinkArticle {
  return {
    id,
    slug: article.slug,
    blogId: blogEntryId(article.blog_id),
    canonicalUrl: webUrl(article.canonical_url),
  };
}

/** `blog` by its entry id (default: the API id made an entry id). */
export function linkBlogOf(
  blog: Blog,
  blogEntryId: (apiId: string) => string = toEntryId,
): LinkBlog {
  return { id: blogEntryId(blog.id), slug: blog.slug, url: webUrl(blog.url) };
}
