import type { Article } from '@content-read/core';
import type { LiveCollectionError } from 'astro/content/runtime';
import type { LiveLoader } from 'astro/loaders';
import { type MarkdownHeading, renderArticleHtml } from '../entries/html/render.js';
import { toEntryId } from '../entries/ids.js';
import { articleData } from '../entries/mapping.js';
import type { ArticleData } from '../entries/schema.js';
import { LiveListingCache } from './live-cache.js';
import { findByFilter, type LiveLoaderOptions, liveClient } from './live-client.js';

export interface ArticlesLiveFilter {
  /** A blog id or slug. */
  blog?: string;
  tag?: string;
}
/**
 * A live article's data. Astro's live entries carry only `rendered.html` (no metadata), so the
 * headings that `render()` gives build-time entries are part of the data here.
 */
export type LiveArticleData = ArticleData & { headings: MarkdownHeading[] };
export type ArticleEntryFilter = { id: string } | { slug: string; blog?: string };

/** Live loader of articles for src/live.config.ts (fresh on every request). */
export function articlesLiveLoader(options: LiveLoaderOptions = {}) {
  const client = liveClient(options);
  const caches = new Map<string, LiveListingCache<Article>>();
  async function read(blog: string | undefined): Promise<Article[]> {
    const cacheKey = blog ?? '';
    const cache =
      caches.get(cacheKey) ??
      new LiveListingCache<Article>((read) =>
        client.get().list('articles', { ...read, ...(blog ? { blog } : {}) }),
      );
    caches.set(cacheKey, cache);
    if (blog || !options.blogs) return cache.read();
    return (await Promise.all(options.blogs.map((b) => read(b)))).flat();
  }
  function toEntry(article: Article) {
    const data = articleData(article);
    const { html, headings } = renderArticleHtml(article.html, options);
    return {
      id: toEntryId(article.id),
      data: { ...data, headings },
      rendered: { html },
      cacheHint: {
        tags: [`article:${article.id}`, `blog:${article.blog_id}`],
        lastModified: data.updatedAt,
      },
    };
  }
  return {
    name: 'content-read-articles-live',
    loadCollection: async ({ collection, filter }) => {
      try {
        const articles = (await read(filter?.blog)).filter(
          (a) => !filter?.tag || a.tags.includes(filter.tag),
        );
        return { entries: articles.map(toEntry), cacheHint: { tags: ['articles'] } };
      } catch (error) {
        return client.failure(collection, error);
      }
    },
    loadEntry: async ({ collection, filter }) => {
      try {
        const found = findByFilter(await read('blog' in filter ? filter.blog : undefined), filter);
        return found ? toEntry(found) : undefined;
      } catch (error) {
        return client.failure(collection, error);
      }
    },
  } satisfies LiveLoader<
    LiveArticleData,
    ArticleEntryFilter,
    ArticlesLiveFilter,
    LiveCollectionError
  >;
}
