import type { Article, Blog } from '@content-read/core';
import { toEntryId } from './entry-ids.js';
import type { EntryReference } from './schema.js';

/**
 * API items (already checked by core's wire schema) to entry data in its final shape: camelCase
 * fields, `Date`s, and `blog` as a reference. The entry schemas accept it as it is, so the live
 * loaders need not parse it again and the build-time loaders' `parseData` only applies the
 * site's own schema.
 */

export function blogData(blog: Blog) {
  return {
    blogId: blog.id,
    slug: blog.slug,
    name: blog.name,
    description: blog.description,
    url: blog.url,
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
  const image = article.feature_image;
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
    canonicalUrl: article.canonical_url,
    readingTime: article.reading_time,
    publishedAt: new Date(article.published_at),
    updatedAt: new Date(article.updated_at),
  };
}
