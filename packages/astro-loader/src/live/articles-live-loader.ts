import type { Article, Blog } from '@content-read/core';
import type { LiveLoader } from 'astro/loaders';
import { type MarkdownHeading, renderArticleHtml } from '../entries/html/render.js';
import { toEntryId } from '../entries/ids.js';
import { articleData } from '../entries/mapping.js';
import type { ArticleData } from '../entries/schema.js';
import { BoundedMap } from './bounded-map.js';
import { LiveListingCache } from './live-cache.js';
import { findByFilter, type LiveLoaderOptions, liveClient } from './live-client.js';
import type { ContentReadLiveError } from './live-error.js';
import { RenderedEntries } from './rendered-entries.js';

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

/** Listings kept at most (one per blog asked for, plus all articles); least recently used go. */
const MAX_LISTINGS = 64;

/** Live loader of articles for src/live.config.ts (read at request time). */
export function articlesLiveLoader(options: LiveLoaderOptions = {}) {
  const client = liveClient(options);
  const freshness = options.freshness ?? 0;
  const listings = new BoundedMap<string, LiveListingCache<Article>>(MAX_LISTINGS);
  const blogs = new LiveListingCache<Blog>(
    async (read) => (await client.get()).list('blogs', read),
    freshness,
  );
  const rendered = new RenderedEntries<ReturnType<typeof makeEntry>>(
    options.renderCacheBytes ?? 100_000_000,
  );
  const allowed = options.blogs ? new Set(options.blogs) : undefined;

  /** One listing, kept only once the API has answered for it (junk filters leave nothing). */
  async function listing(blog: string | undefined): Promise<Article[]> {
    const key = blog ?? '';
    let cache = listings.get(key);
    if (!cache) {
      cache = new LiveListingCache<Article>(
        async (read) =>
          (await client.get()).list('articles', { ...read, ...(blog ? { blog } : {}) }),
        freshness,
      );
      listings.set(key, cache);
    }
    try {
      return await cache.read();
    } catch (error) {
      listings.delete(key);
      throw error;
    }
  }

  /**
   * The listings a filter may read. With the `blogs` option, only those blogs, whatever the
   * filter says: a blog outside them (by id or slug) finds nothing.
   */
  async function listingsFor(blog: string | undefined): Promise<(string | undefined)[]> {
    if (!allowed) return [blog];
    if (blog === undefined) return [...allowed];
    if (allowed.has(blog)) return [blog];
    // The filter may name an allowed blog by its other name (its id for a slug, or back).
    const found = (await blogs.read()).find((b) => b.id === blog || b.slug === blog);
    const name = found && [found.id, found.slug].find((n) => allowed.has(n));
    return name ? [name] : [];
  }

  async function read(blog: string | undefined): Promise<Article[]> {
    const pages = (await Promise.all((await listingsFor(blog)).map(listing))).flat();
    // `blogs` may name one blog twice (by id and by slug): each article once.
    return [...new Map(pages.map((article) => [article.id, article])).values()];
  }

  function makeEntry(article: Article) {
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
  // A shallow copy: what Astro does to an entry it is given stays out of the kept one.
  const toEntry = (article: Article) => ({ ...rendered.get(article, () => makeEntry(article)) });

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
    ContentReadLiveError
  >;
}
