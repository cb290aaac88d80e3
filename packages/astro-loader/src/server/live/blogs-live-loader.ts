import type { Blog } from '@content-read/core';
import type { LiveLoader } from 'astro/loaders';
import { allowedBlogs } from '../../shared/blog-names.js';
import { toEntryId } from '../../shared/entries/entry-ids.js';
import { blogData } from '../../shared/entries/mapping.js';
import type { BlogData } from '../../shared/entries/schema.js';
import { ALL_CONTENT_TAG, BLOGS_TAG, blogTag } from './cache-tags.js';
import type { Deadline } from './live-budget.js';
import { LiveListingCache } from './live-cache.js';
import { findByFilter, type LiveLoaderOptions, liveClient, type Take } from './live-client.js';
import type { ContentReadLiveError } from './live-error.js';

/**
 * How `getLiveEntry()` finds a blog with `blogsLiveLoader`: by id (the API's or the entry's) or by
 * slug.
 */
export type BlogEntryFilter = { id: string } | { slug: string };

/** Live loader of blogs for src/live.config.ts. */
export function blogsLiveLoader(options: LiveLoaderOptions = {}) {
  const client = liveClient(options, 'blogsLiveLoader');
  const cache = new LiveListingCache<Blog>(
    async (read) => (await client.get()).list('blogs', read),
    { resource: 'blogs', freshness: options.freshness ?? 0 },
  );
  const names = options.blogs;
  /** The blogs the key reads; with the `blogs` option, only those it names (id first, then slug). */
  async function read(deadline: Deadline, take: Take) {
    const blogs = take(await cache.read(deadline));
    return names ? allowedBlogs(blogs, names).blogs : blogs;
  }
  function toEntry(blog: Blog) {
    const data = blogData(blog);
    return {
      id: toEntryId(blog.id),
      data,
      cacheHint: { tags: [ALL_CONTENT_TAG, blogTag(blog.id)], lastModified: data.updatedAt },
    };
  }
  return {
    name: 'content-read-blogs-live',
    loadCollection: ({ collection }) =>
      client.run(collection, async (d, take) => ({
        entries: (await read(d, take)).map(toEntry),
        cacheHint: { tags: [ALL_CONTENT_TAG, BLOGS_TAG] },
      })),
    loadEntry: ({ collection, filter }) =>
      client.run(collection, async (d, take) => {
        const found = findByFilter(await read(d, take), filter);
        return found ? toEntry(found) : undefined;
      }),
  } satisfies LiveLoader<BlogData, BlogEntryFilter, never, ContentReadLiveError>;
}
