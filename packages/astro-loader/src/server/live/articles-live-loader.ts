import type { Article, Blog } from '@content-read/core';
import type { LiveLoader } from 'astro/loaders';
import type { Highlighter } from '../../body/highlight/core.js';
import type { LinkTargets } from '../../body/links/link-targets.js';
import { renderBody } from '../../body/pipeline.js';
import type { MarkdownHeading } from '../../body/sanitise/sanitiser.js';
import { allowedBlogs, filteredBlog } from '../../shared/blog-names.js';
import { BoundedMap } from '../../shared/bounded-map.js';
import { toEntryId } from '../../shared/entries/entry-ids.js';
import { articleData } from '../../shared/entries/mapping.js';
import type { ArticleData } from '../../shared/entries/schema.js';
import { ALL_CONTENT_TAG, ARTICLES_TAG, articleTag, BLOGS_TAG, blogTag } from './cache-tags.js';
import type { Deadline } from './live-budget.js';
import { LiveListingCache } from './live-cache.js';
import { findByFilter, type LiveLoaderOptions, liveClient, type Take } from './live-client.js';
import type { ContentReadLiveError } from './live-error.js';
import { LiveLinks } from './live-links.js';
import { DEFAULT_RENDER_CACHE_BYTES, RenderedEntries } from './rendered-entries.js';

/**
 * The filter `getLiveCollection()` takes for `articlesLiveLoader`: only the articles of one blog,
 * only those with a tag, or both.
 */
export interface ArticlesLiveFilter {
  /** A blog id or slug. */
  blog?: string;
  tag?: string;
}
/**
 * A live article's data. Its headings are in `rendered.metadata`, as a build entry's, so that
 * `render(entry)` gives them on both.
 */
export type LiveArticleData = ArticleData & {
  /** @deprecated The same as `render(entry).headings`, which works for build entries too. */
  headings: MarkdownHeading[];
};
/**
 * How `getLiveEntry()` finds an article with `articlesLiveLoader`: by id (the API's or the
 * entry's), or by slug, within one blog (id or slug) when `blog` is given.
 */
export type ArticleEntryFilter = { id: string } | { slug: string; blog?: string };

/** Listings kept at most (one per blog asked for, plus all articles); least recently used go. */
const MAX_LISTINGS = 64;

/** Live loader of articles for src/live.config.ts (read at request time). */
export function articlesLiveLoader(options: LiveLoaderOptions = {}) {
  const client = liveClient(options, 'articlesLiveLoader');
  const freshness = options.freshness ?? 0;
  const names = options.blogs;
  const listings = new BoundedMap<string, LiveListingCache<Article>>(MAX_LISTINGS);
  const blogList = new LiveListingCache<Blog>(
    async (read) => (await client.get()).list('blogs', read),
    { resource: 'blogs', freshness },
  );
  // Entries whose images were still being measured: made again by a later request.
  const unsized = new WeakSet<object>();
  const rendered = new RenderedEntries<Awaited<ReturnType<typeof makeEntry>>>(
    options.renderCacheBytes ?? DEFAULT_RENDER_CACHE_BYTES,
    (entry) => !unsized.has(entry),
  );
  const warn = (message: string) => console.warn(`articlesLiveLoader(): ${message}`);
  const sizer = options.images?.sizer(warn);
  // Grammars and themes load once, before the first entry is made; if they cannot, articles
  // stay plain (with a warning) rather than fail.
  let highlighter: Promise<Highlighter | undefined> | undefined;
  const highlighterLoaded = (): Promise<Highlighter | undefined> => {
    highlighter ??=
      options.highlight?.load(warn).catch((error: unknown) => {
        warn(`code is not highlighted: the highlighter did not load (${String(error)})`);
        return undefined;
      }) ?? Promise.resolve(undefined);
    return highlighter;
  };

  /** One listing: every article (no id), or one blog's, kept once the API has answered for it. */
  async function listing(blogId: string | undefined, deadline: Deadline) {
    const key = blogId ?? '';
    let cache = listings.get(key);
    if (!cache) {
      cache = new LiveListingCache<Article>(
        async (read) =>
          (await client.get()).list('articles', { ...read, ...(blogId ? { blog: blogId } : {}) }),
        // `?blog=` is ours, not the contract's: an API may ignore it and list every blog.
        {
          resource: 'articles',
          freshness,
          ...(blogId ? { keep: (a: Article) => a.blog_id === blogId } : {}),
        },
      );
      listings.set(key, cache);
    }
    try {
      return await cache.read(deadline);
    } catch (error) {
      if (!cache.held) listings.delete(key);
      throw error;
    }
  }

  /**
   * The blogs whose listings a filter reads (undefined: the listing of every article). Names
   * become ids through the API's blogs (id first, then slug); with the `blogs` option, only
   * those blogs, whatever the filter says: a blog outside them finds nothing.
   */
  async function listingIds(blog: string | undefined, d: Deadline, take: Take) {
    if (!names && blog === undefined) return [undefined];
    const blogs = take(await blogList.read(d));
    const allowed = names ? allowedBlogs(blogs, names) : undefined;
    if (blog === undefined) return [...(allowed?.ids ?? [])];
    const found = filteredBlog(blogs, blog, allowed);
    return found ? [found.id] : [];
  }

  // Blogs' own URLs, for `relativeTo: 'blog'`.
  let blogUrls = new Map<string, string | null>();
  const links = options.articleUrl ? new LiveLinks(options.articleUrl) : undefined;
  /** The articles a filter reads, and what links in their bodies resolve with (live-links.ts). */
  async function read(blog: string | undefined, d: Deadline, take: Take) {
    const blogs = options.relativeTo === 'blog' || links ? take(await blogList.read(d)) : undefined;
    if (blogs && options.relativeTo === 'blog') blogUrls = new Map(blogs.map((b) => [b.id, b.url]));
    const ids = await listingIds(blog, d, take);
    const lists = (await Promise.all(ids.map((id) => listing(id, d)))).map(take);
    return { articles: lists.flat(), targets: blogs && links?.targets(lists, blogs) };
  }

  /** An article's entry: its body through the same pipeline as the build's (body/pipeline.ts). */
  async function makeEntry(article: Article, deadline: Deadline) {
    const data = articleData(article);
    let sized = true;
    const body = await renderBody(
      { article, where: `article ${article.id}`, blogUrl: (blog) => blogUrls.get(blog) },
      {
        owner: 'articlesLiveLoader()',
        options,
        sanitise: { allowClasses: options.allowClasses, embedProviders: options.embedProviders },
        highlighter: await highlighterLoaded(),
        sizer: sizer && {
          async sized(html, images, where) {
            const out = await sizer.sized(html, images, where, deadline.left());
            sized = sizer.settled(images);
            return out;
          },
        },
        warn,
      },
    );
    const entry = {
      id: toEntryId(article.id),
      data: { ...data, headings: body.metadata.headings, embeds: body.embeds },
      rendered: { html: body.html, metadata: body.metadata },
      cacheHint: {
        tags: [ALL_CONTENT_TAG, articleTag(article.id), blogTag(article.blog_id)],
        lastModified: data.updatedAt,
      },
    };
    if (!sized) unsized.add(entry);
    return entry;
  }
  // Shallow copies: what Astro does to an entry it is given stays out of the kept one.
  const toEntries = async (
    articles: Article[],
    deadline: Deadline,
    targets: LinkTargets | undefined,
  ) =>
    (await rendered.entries(articles, (article) => makeEntry(article, deadline))).map((entry) => ({
      ...(links && targets ? links.link(entry, targets) : entry),
    }));

  return {
    name: 'content-read-articles-live',
    // The highlighter loads before the call's deadline starts: it is not the API's time.
    loadCollection: async ({ collection, filter }) => {
      await highlighterLoaded();
      return client.run(collection, async (d, take) => {
        const { articles, targets } = await read(filter?.blog, d, take);
        const tagged = articles.filter((a) => !filter?.tag || a.tags.includes(filter.tag));
        return {
          entries: await toEntries(tagged, d, targets),
          // Any blog's publish may change a listing (a blog made private): `blogs` too.
          cacheHint: { tags: [ALL_CONTENT_TAG, ARTICLES_TAG, BLOGS_TAG] },
        };
      });
    },
    loadEntry: async ({ collection, filter }) => {
      await highlighterLoaded();
      return client.run(collection, async (d, take) => {
        const blog = 'blog' in filter ? filter.blog : undefined;
        const { articles, targets } = await read(blog, d, take);
        const found = findByFilter(articles, filter);
        return found ? (await toEntries([found], d, targets))[0] : undefined;
      });
    },
  } satisfies LiveLoader<
    LiveArticleData,
    ArticleEntryFilter,
    ArticlesLiveFilter,
    ContentReadLiveError
  >;
}
