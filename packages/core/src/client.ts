/**
 * The client, whichever way its requests go on the wire: the Node entry (index.ts) gives it
 * undici's pool, the web entry (web.ts) the platform's fetch.
 */
import type { z } from 'zod';
import { ConfigurationError } from './errors.js';
import { withRetry } from './http/retry.js';
import type { Sender } from './http/sender.js';
import { pathOf, Transport } from './http/transport.js';
import { lastPages } from './listing/last.js';
import { type OnPage, readListing } from './listing/listing.js';
import { type PageContext, type PageStart, readPages, toHeldMap } from './listing/pages.js';
import { perPage as checkPerPage, type ResolvedOptions, resolveOptions } from './options.js';
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
  ListingOptions,
  ListOptions,
  ListPage,
  RequestOptions,
  ResourceItems,
  ResourceName,
  ResourcePagesOptions,
} from './types.js';

/** The listing part of the client: all that a listing reader (the loader's live loaders) needs. */
export type ListingClient = Pick<ContentReadClient, 'list' | 'close'>;

/**
 * A client of the Content Read API, as `createClient()` returns it: discovery, the blog and
 * article listings, their pages, and `close()`.
 */
export interface ContentReadClient {
  /** `GET {baseUrl}`: public discovery; sends no key. */
  discover(opts?: RequestOptions): Promise<Discovery>;
  /** Every blog visible to the key, in id order. */
  listBlogs(opts?: ListOptions): Promise<Blog[]>;
  /** Every article visible to the key (or of one blog), in id order. */
  listArticles(opts?: ListOptions & ArticleFilter): Promise<Article[]>;
  /** Pages as they arrive (concurrently when the server states total_pages); no consistency check. */
  pages<N extends ResourceName>(
    resource: N,
    opts?: ResourcePagesOptions<N>,
  ): AsyncIterable<ListPage<ResourceItems[N]>>;
  /**
   * The whole listing, conditional and consistency-checked, each page handed to `opts.onPage`
   * as it arrives; `pages` holds what it returns.
   */
  list<N extends ResourceName, P>(
    resource: N,
    opts: ListingOptions<N, P> & { onPage: OnPage<ResourceItems[N], P> },
  ): Promise<Listing<ResourceItems[N], P>>;
  /** The whole listing, conditional and consistency-checked. */
  list<N extends ResourceName>(
    resource: N,
    opts?: ResourcePagesOptions<N>,
  ): Promise<Listing<ResourceItems[N]>>;
  /** Closes the client's connection pool; later calls fail with ConfigurationError. */
  close(): Promise<void>;
}

const SCHEMAS: { [N in ResourceName]: z.ZodType<ResourceItems[N]> } = {
  blogs: blogSchema,
  articles: articleSchema,
};

/**
 * The client with only `list()` and `close()`: code that runs in a deployed server (a worker,
 * where every byte counts) carries no discovery, no item shortcuts and no `last` (it reads every
 * page), none of which it calls.
 */
export function makeListingClient(
  options: ClientOptions,
  makeSender: (o: ResolvedOptions) => Sender,
): ListingClient {
  const { list, transport } = makeParts(options, makeSender);
  return { list, close: () => transport.close() };
}

export function makeClient(
  options: ClientOptions,
  makeSender: (o: ResolvedOptions) => Sender,
): ContentReadClient {
  const { o, redact, transport, context, list } = makeParts(options, makeSender, lastPages);

  async function items<N extends ResourceName>(
    resource: N,
    opts: ResourcePagesOptions<N>,
  ): Promise<ResourceItems[N][]> {
    const listing = await list(resource, { ...opts, previous: undefined });
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
    listBlogs: (opts = {}) => items('blogs', opts),
    listArticles: (opts = {}) => items('articles', opts),
    pages: (resource, opts) => readPages(context(resource, opts)),
    list,
    close: () => transport.close(),
  };
}

/**
 * What both clients are made of: the resolved options, the transport and the listing reader;
 * with `startOf`, listings read with `last` start at the page it says.
 */
function makeParts(
  options: ClientOptions,
  makeSender: (o: ResolvedOptions) => Sender,
  startOf?: (last: number | undefined) => PageStart | undefined,
) {
  const o = resolveOptions(options);
  const redact = makeRedactor(o.apiKey === undefined ? [] : [o.apiKey]);
  const invalidItems = checkInvalidItems(options.invalidItems, 'fail');
  const transport = new Transport(o, redact, makeSender(o));

  function context<N extends ResourceName>(
    resource: N,
    opts: ResourcePagesOptions<N> = {},
  ): PageContext<ResourceItems[N]> {
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
    const { blog } = opts as ArticleFilter;
    if (blog !== undefined) {
      if (typeof blog !== 'string' || blog === '') {
        throw new ConfigurationError('blog filter must be a non-empty id or slug', {
          hint: 'Omit blog to read all articles.',
        });
      }
      first.searchParams.set('blog', blog);
    }
    first.searchParams.set('per_page', String(checkPerPage(opts.perPage, o.perPage)));
    first.searchParams.set('page', '1');
    return {
      transport,
      options: o,
      redact,
      item: SCHEMAS[resource],
      first,
      previous: toHeldMap(opts.previous),
      reuse: opts.reuse,
      start: startOf?.(opts.last),
      signal: opts.signal,
      invalidItems: checkInvalidItems(opts.invalidItems, invalidItems),
      onInvalidItem: options.onInvalidItem,
    };
  }

  function list<N extends ResourceName, P>(
    resource: N,
    opts: ListingOptions<N, P> & { onPage: OnPage<ResourceItems[N], P> },
  ): Promise<Listing<ResourceItems[N], P>>;
  function list<N extends ResourceName>(
    resource: N,
    opts?: ResourcePagesOptions<N>,
  ): Promise<Listing<ResourceItems[N]>>;
  function list<N extends ResourceName, P>(
    resource: N,
    opts: ListingOptions<N, P> = {},
  ): Promise<Listing<ResourceItems[N], P | ListPage<ResourceItems[N]>>> {
    const ctx = context(resource, opts);
    const keepPage = (page: ListPage<ResourceItems[N]>) => page;
    return readListing<ResourceItems[N], P | ListPage<ResourceItems[N]>>(
      {
        read: () => readPages(ctx),
        attempts: o.maxListingAttempts,
        path: redact(pathOf(ctx.first)),
      },
      opts.onPage ?? keepPage,
    );
  }

  return { o, redact, transport, context, list };
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
