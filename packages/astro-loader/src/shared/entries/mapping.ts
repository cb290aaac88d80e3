import type { Article, Blog } from '@content-read/core';
import { toEntryId } from './entry-ids.js';
import type { EntryReference } from './schema.js';

/**
 * API items (already checked by core's wire schema) to entry data in its final shape: camelCase
 * fields, `Date`s, `blog` as a reference, and URL fields only with a web scheme (webUrl). The
 * entry schemas accept it as it is, so the live loaders need not parse it again and the
 * build-time loaders' `parseData` only applies the site's own schema.
 */

/** What a URL without a scheme of its own resolves against, to read the scheme it has. */
const NO_SCHEME = 'https://relative.invalid/';

/**
 * A URL field of the API as a page may link it: kept as written unless it names a scheme other
 * than `http:` or `https:` (`javascript:`, `data:`, …), which becomes `null`. Sites write these
 * fields into `href` and `src` as they are, and Astro escapes a value, not its scheme. Read as a
 * browser reads an `href` (the WHATWG URL parser strips the tabs, newlines and leading spaces
 * that `java\tscript:` hides behind).
 */
export function webUrl(value: string | null): string | null {
  if (value === null) return null;
  try {
    const { protocol } = new URL(value, NO_SCHEME);
    return protocol === 'https:' || protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

export function blogData(blog: Blog) {
  return {
    blogId: blog.id,
    slug: blog.slug,
    name: blog.name,
    description: blog.description,
    url: webUrl(blog.url),
    language: blog.language,
    createdAt: new Date(blog.created_at),
    updatedAt: new Date(blog.updated_at),
  };
}

export interface ArticleMapping<C extends string> {
  /** The blogs collection `blog` refers to. */
  blogsCollection: C;
  /** Entry id of a blog from its API id. */
  blogEntryId: (apiId: string) => string;
}

export function articleData<C extends string = 'blogs'>(
  article: Article,
  mapping: ArticleMapping<C> = {
    blogsCollection: 'blogs' as C,
    blogEntryId: toEntryId,
  },
) {
  const image =
    article.feature_image && webUrl(article.feature_image.url) ? article.feature_image : null;
  const blog: EntryReference<C> = {
    collection: mapping.blogsCollection,
    id: mapping.blogEntryId(article.blog_id),
  };
  return {
    articleId: article.id,
    blog,
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    authors: article.authors.map(({ name, slug }) => ({ name, slug })),
    tags: article.tags,
    featureImage: image
      ? { url: image.url, alt: image.alt, width: image.width, height: image.height }
      : null,
    canonicalUrl: webUrl(article.canonical_url),
    readingTime: article.reading_time,
    publishedAt: new Date(article.published_at),
    updatedAt: new Date(article.updated_at),
  };
}
