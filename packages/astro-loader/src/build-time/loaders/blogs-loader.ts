import type { Blog } from '@content-read/core';
import type { Loader } from 'astro/loaders';
import { allowedBlogs } from '../../shared/blog-names.js';
import { toEntryId } from '../../shared/entries/entry-ids.js';
import { blogData } from '../../shared/entries/mapping.js';
import { blogEntrySchema } from '../../shared/entries/schema.js';
import { BLOGS_LOADER_NAME } from '../../shared/version.js';
import { HeldItems } from '../sync/held-items.js';
import { syncCollection } from '../sync/sync.js';
import type { BlogsLoaderOptions } from './loader-options.js';

/** Build-time loader of the blogs the key can read (its options: the docs reference). */
export function blogsLoader(options: BlogsLoaderOptions = {}) {
  const entryId = options.generateId ?? ((blog: Blog) => toEntryId(blog.id));
  return {
    name: BLOGS_LOADER_NAME,
    schema: blogEntrySchema,
    load: (ctx) => {
      /** With the `blogs` option: the ids of the blogs it names, once they are resolved. */
      let only: ReadonlySet<string> | undefined;
      return syncCollection<Blog>(ctx, {
        noun: 'blog',
        options,
        describeOptions: {
          blogs: options.blogs,
          generateId: options.generateId?.toString(),
          // With generateId, each page's items are held to decide 304 pages again.
          heldItems: Boolean(options.generateId),
        },
        readListings: async (client, read) => {
          const names = options.blogs;
          if (!names) return [await client.list('blogs', read)];
          // Which blog a name means depends on every blog (an id before a slug), so the whole
          // listing is in hand, unconditionally, before any page is made into entries.
          const listing = await client.list('blogs');
          only = allowedBlogs(
            listing.pages.flatMap((page) => (page.notModified ? [] : page.items)),
            names,
          ).ids;
          const pages = [];
          for (const page of listing.pages) pages.push(await read.onPage(page));
          return [{ ...listing, pages }];
        },
        keep: (blog) => !only || only.has(blog.id),
        entryId,
        heldItems: options.generateId ? new HeldItems<Blog>(ctx.meta) : undefined,
        toEntry: async (blog, id, digest) => ({
          id,
          digest,
          data: await ctx.parseData({ id, data: blogData(blog) }),
        }),
      });
    },
  } satisfies Loader;
}
