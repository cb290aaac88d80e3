/** createClient: the public face of the package; connects options, transport and listing. */
import type { z } from 'zod';
import { ConfigurationError } from './errors.js';
import { withRetry } from './http/retry.js';
import { pathOf, Transport } from './http/transport.js';
import { readListing } from './listing/listing.js';
import { type PageContext, readPages, toHeldMap } from './listing/pages.js';
import { perPage as checkPerPage, resolveOptions } from './options.js';
import { makeRedactor } from './redact.js';
import { parseOne } from './schema/validate.js';
import {
  type Article,
  articleSchema,
  type Blog,
  blogSchema,
  type Discovery,
  discoverySchema,
} from './schema/wire.js';
import type {
  ArticleFilter,
  ClientOptions,
  InvalidItemsMode,
  Listing,
  ListOptions,
  ListPage,
  PagesOptions,
  RequestOptions,
  ResourceName,
} from './types.js';

export interface ContentReadClient {
  /** `GET {baseUrl}`: public discovery; sends no key. */
  discover(opts?: RequestOptions): Promise<Discovery>;
  /** Every blog visible to the key, in id order. */
  listBlogs(opts?: ListOptions): Promise<Blog[]>;
  /** Every article visible to the key (or of one blog), in id order. */
  listArticles(opts?: ListOptions & ArticleFilter): Promise<Article[]>;
  /** Pages as they arrive (concurrently when the server states total_pages). */
  pages(resource: 'blogs', opts?: PagesOptions): AsyncIterable<ListPage<Blog>>;
  pages(
    resource: 'articles',
    opts?: PagesOptions & ArticleFilter,
  ): AsyncIterable<ListPage<Article>>;
  /** The whole listing, conditional and consistency-checked. */
  list(resource: 'blogs', opts?: PagesOptions): Promise<Listing<Blog>>;
  list(resource: 'articles', opts?: PagesOptions & ArticleFilter): Promise<Listing<Article>>;
  /** Closes the client's connection pool; later calls fail with ConfigurationError. */
  close(): Promise<void>;
}

const SCHEMAS = { blogs: blogSchema, articles: articleSchema } as const;

export function createClient(options: ClientOptions): ContentReadClient {
  const o = resolveOptions(options);
  const redact = makeRedactor(o.apiKey === undefined ? [] : [o.apiKey]);
  const invalidItems = checkInvalidItems(options.invalidItems, 'fail');
  const transport = new Transport(o, redact);

  function context(
    resource: ResourceName,
    opts: PagesOptions & ArticleFilter = {},
  ): PageContext<never> {
    if (resource !== 'blogs' && resource !== 'articles') {
      throw new ConfigurationError(`Unknown resource "${String(resource)}"`, {
        hint: 'Use "blogs" or "articles".',
      });
    }
    const first = new URL(`${o.baseUrl.href}/${resource}`);
    if (o.apiKey === undefined) {
      throw new ConfigurationError(`apiKey is required to read /${resource}`, {
        path: pathOf(first),
        hint: 'Pass apiKey to createClient (only discover() works without one).',
      });
    }
    if (resource === 'articles') first.searchParams.set('format', 'json');
    if (opts.blog !== undefined) {
      if (typeof opts.blog !== 'string' || opts.blog === '') {
        throw new ConfigurationError('blog filter must be a non-empty id or slug', {
          hint: 'Omit blog to read all articles.',
        });
      }
      first.searchParams.set('blog', opts.blog);
    }
    first.searchParams.set('per_page', String(checkPerPage(opts.perPage, o.perPage)));
    first.searchParams.set('page', '1');
    return {
      transport,
      options: o,
      redact,
      item: SCHEMAS[resource] as unknown as z.ZodType<never>,
      first,
      previous: toHeldMap(opts.previous),
      signal: opts.signal,
      invalidItems: checkInvalidItems(opts.invalidItems, invalidItems),
      onInvalidItem: options.onInvalidItem,
    };
  }

  async function items<T extends { id: string }>(ctx: PageContext<T>): Promise<T[]> {
    const listing = await readListing(ctx);
    return listing.pages.flatMap((p) => (p.notModified ? [] : p.items));
  }

  return {
    async discover(opts = {}) {
      const url = o.baseUrl;
      const path = redact(pathOf(url));
      const res = await withRetry(o, { method: 'GET', path }, opts.signal, () =>
        transport.send(url, { auth: false, signal: opts.signal }),
      );
      return parseOne(discoverySchema, res.body, path, redact);
    },
    listBlogs: async (opts = {}) =>
      (await items(context('blogs', { ...opts, previous: undefined }))) as Blog[],
    listArticles: async (opts = {}) =>
      (await items(context('articles', { ...opts, previous: undefined }))) as Article[],
    pages: ((resource: ResourceName, opts?: PagesOptions & ArticleFilter) =>
      readPages(context(resource, opts))) as ContentReadClient['pages'],
    list: (async (resource: ResourceName, opts?: PagesOptions & ArticleFilter) =>
      readListing(context(resource, opts))) as ContentReadClient['list'],
    close: () => transport.close(),
  };
}

function checkInvalidItems(value: unknown, fallback: InvalidItemsMode): InvalidItemsMode {
  if (value === undefined) return fallback;
  if (value === 'fail' || value === 'skip') return value;
  throw new ConfigurationError(
    `invalidItems must be 'fail' or 'skip', got ${typeof value === 'string' ? `"${value}"` : typeof value}`,
    {
      hint: "Use 'fail' (default: an invalid item rejects its page) or 'skip' (leave it out and report it).",
    },
  );
}
