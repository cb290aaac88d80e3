import {
  type Article,
  type Blog,
  type ContentReadClient,
  createClient,
  type TimeoutOptions,
} from '@content-read/core';
import { LiveCollectionError } from 'astro/content/runtime';
import type { LiveLoader } from 'astro/loaders';
import { type ConnectionOptions, resolveConnection } from './config.js';
import { describeCause, redact } from './errors.js';
import { type MarkdownHeading, renderArticleHtml } from './html.js';
import { fromEntryId, toEntryId } from './ids.js';
import { LiveListingCache } from './live-cache.js';
import { articleData, blogData, checkItem, wireArticleSchema, wireBlogSchema } from './mapping.js';
import { type ArticleData, type BlogData, blogSchema, createArticleSchema } from './schema.js';

export interface LiveLoaderOptions extends ConnectionOptions {
  /** Only these blogs (ids or slugs). */
  blogs?: string[];
  concurrency?: number;
  /** Per-request timeouts in ms: `{ connect, headers, body }`. Default: core's (10 s, 30 s, 30 s). */
  timeouts?: TimeoutOptions;
}
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
export type BlogEntryFilter = { id: string } | { slug: string };

/** One client per loader, made on first use (so a missing variable fails the request, not the import). */
function lazyClient(options: LiveLoaderOptions) {
  let made: Promise<{ client: ContentReadClient; key: string }> | undefined;
  const make = async () => {
    const conn = await resolveConnection(options, process.cwd(), 'Live collection');
    const client = createClient({
      ...conn,
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    });
    return { client, key: conn.apiKey };
  };
  return () => {
    // A failed resolution is not kept: the next request tries again (e.g. after a fix to .env).
    made ??= make().catch((error) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}

function failure(collection: string, error: unknown, key: string) {
  return {
    error: new LiveCollectionError(
      collection,
      redact(`Could not load "${collection}": ${describeCause(error)}`, key),
    ),
  };
}

/** Live loader of articles for src/live.config.ts (fresh on every request). */
export function articlesLiveLoader(options: LiveLoaderOptions = {}) {
  const getClient = lazyClient(options);
  const caches = new Map<string, LiveListingCache<Article>>();
  const schema = createArticleSchema('blogs');
  async function read(blog: string | undefined): Promise<Article[]> {
    const cacheKey = blog ?? '';
    const cache = caches.get(cacheKey) ?? new LiveListingCache<Article>();
    caches.set(cacheKey, cache);
    const { client } = await getClient();
    if (blog || !options.blogs) return cache.read(client, 'articles', blog);
    return (await Promise.all(options.blogs.map((b) => read(b)))).flat();
  }
  function toEntry(article: Article) {
    const checked = checkItem(wireArticleSchema, article);
    if (!checked.ok)
      throw new Error(
        `article ${checked.problem.id} field "${checked.problem.field}": ${checked.problem.problem}`,
      );
    const updated = new Date(checked.value.updated_at);
    const { html, headings } = renderArticleHtml(checked.value.html);
    return {
      id: toEntryId(article.id),
      data: { ...schema.parse(articleData(checked.value)), headings },
      rendered: { html },
      cacheHint: {
        tags: [`article:${article.id}`, `blog:${article.blog_id}`],
        lastModified: updated,
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
        return failure(collection, error, await getClientKey(getClient));
      }
    },
    loadEntry: async ({ collection, filter }) => {
      try {
        const articles = await read('blog' in filter ? filter.blog : undefined);
        const found =
          'id' in filter
            ? articles.find((a) => a.id === filter.id || a.id === fromEntryId(filter.id))
            : articles.find((a) => a.slug === filter.slug);
        return found ? toEntry(found) : undefined;
      } catch (error) {
        return failure(collection, error, await getClientKey(getClient));
      }
    },
  } satisfies LiveLoader<
    LiveArticleData,
    ArticleEntryFilter,
    ArticlesLiveFilter,
    LiveCollectionError
  >;
}

/** Live loader of blogs for src/live.config.ts. */
export function blogsLiveLoader(options: LiveLoaderOptions = {}) {
  const getClient = lazyClient(options);
  const cache = new LiveListingCache<Blog>();
  const only = options.blogs ? new Set(options.blogs) : undefined;
  async function read() {
    const blogs = await cache.read((await getClient()).client, 'blogs');
    return blogs.filter((b) => !only || only.has(b.id) || only.has(b.slug));
  }
  function toEntry(blog: Blog) {
    const checked = checkItem(wireBlogSchema, blog);
    if (!checked.ok)
      throw new Error(
        `blog ${checked.problem.id} field "${checked.problem.field}": ${checked.problem.problem}`,
      );
    return {
      id: toEntryId(blog.id),
      data: blogSchema.parse(blogData(checked.value)),
      cacheHint: { tags: [`blog:${blog.id}`], lastModified: new Date(checked.value.updated_at) },
    };
  }
  return {
    name: 'content-read-blogs-live',
    loadCollection: async ({ collection }) => {
      try {
        return { entries: (await read()).map(toEntry), cacheHint: { tags: ['blogs'] } };
      } catch (error) {
        return failure(collection, error, await getClientKey(getClient));
      }
    },
    loadEntry: async ({ collection, filter }) => {
      try {
        const blogs = await read();
        const found =
          'id' in filter
            ? blogs.find((b) => b.id === filter.id || b.id === fromEntryId(filter.id))
            : blogs.find((b) => b.slug === filter.slug);
        return found ? toEntry(found) : undefined;
      } catch (error) {
        return failure(collection, error, await getClientKey(getClient));
      }
    },
  } satisfies LiveLoader<BlogData, BlogEntryFilter, never, LiveCollectionError>;
}

async function getClientKey(get: () => Promise<{ key: string }>): Promise<string> {
  try {
    return (await get()).key;
  } catch {
    return '';
  }
}
