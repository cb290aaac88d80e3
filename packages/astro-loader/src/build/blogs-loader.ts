import type { Blog } from '@content-read/core';
import type { Loader } from 'astro/loaders';
import type { BlogsLoaderOptions } from '../config/options.js';
import { BLOGS_LOADER_NAME } from '../config/version.js';
import { toEntryId } from '../entries/ids.js';
import { blogData } from '../entries/mapping.js';
import { blogEntrySchema } from '../entries/schema.js';
import { HeldItems } from './held-items.js';
import { syncCollection } from './sync.js';

/** Build-time loader of the blogs the key can read (see README for every option). */
export function blogsLoader(options: BlogsLoaderOptions = {}) {
  const only = options.blogs ? new Set(options.blogs) : undefined;
  const entryId = options.generateId ?? ((blog: Blog) => toEntryId(blog.id));
  return {
    name: BLOGS_LOADER_NAME,
    schema: blogEntrySchema,
    load: (ctx) =>
      syncCollection<Blog>(ctx, {
        noun: 'blog',
        options,
        describeOptions: {
          blogs: options.blogs,
          generateId: options.generateId?.toString(),
          // With generateId, each page's items are held to decide 304 pages again.
          heldItems: Boolean(options.generateId),
        },
        readListings: async (client, read) => [await client.list('blogs', read)],
        keep: (blog) => !only || only.has(blog.id) || only.has(blog.slug),
        entryId,
        heldItems: options.generateId ? new HeldItems<Blog>(ctx.meta) : undefined,
        toEntry: async (blog, id, digest) => ({
          id,
          digest,
          data: await ctx.parseData({ id, data: blogData(blog) }),
        }),
      }),
  } satisfies Loader;
}
