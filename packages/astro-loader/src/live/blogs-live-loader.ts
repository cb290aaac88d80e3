import type { Blog } from '@content-read/core';
import type { LiveLoader } from 'astro/loaders';
import { toEntryId } from '../entries/ids.js';
import { blogData } from '../entries/mapping.js';
import type { BlogData } from '../entries/schema.js';
import { LiveListingCache } from './live-cache.js';
import { findByFilter, type LiveLoaderOptions, liveClient } from './live-client.js';
import type { ContentReadLiveError } from './live-error.js';

export type BlogEntryFilter = { id: string } | { slug: string };

/** Live loader of blogs for src/live.config.ts. */
export function blogsLiveLoader(options: LiveLoaderOptions = {}) {
  const client = liveClient(options);
  const cache = new LiveListingCache<Blog>(
    async (read) => (await client.get()).list('blogs', read),
    options.freshness ?? 0,
  );
  const only = options.blogs ? new Set(options.blogs) : undefined;
  async function read() {
    const blogs = await cache.read();
    return blogs.filter((b) => !only || only.has(b.id) || only.has(b.slug));
  }
  function toEntry(blog: Blog) {
    const data = blogData(blog);
    return {
      id: toEntryId(blog.id),
      data,
      cacheHint: { tags: [`blog:${blog.id}`], lastModified: data.updatedAt },
    };
  }
  return {
    name: 'content-read-blogs-live',
    loadCollection: async ({ collection }) => {
      try {
        return { entries: (await read()).map(toEntry), cacheHint: { tags: ['blogs'] } };
      } catch (error) {
        return client.failure(collection, error);
      }
    },
    loadEntry: async ({ collection, filter }) => {
      try {
        const found = findByFilter(await read(), filter);
        return found ? toEntry(found) : undefined;
      } catch (error) {
        return client.failure(collection, error);
      }
    },
  } satisfies LiveLoader<BlogData, BlogEntryFilter, never, ContentReadLiveError>;
}
