/** Public option, event and result types (the docs reference lists them; the wire format is the API contract). */
import type { Dispatcher } from 'undici';
import type { ValidationIssue } from './errors.js';
import type { Article, Blog, ListMeta } from './schema/wire.js';

/** A function with the signature of the global `fetch`: what the client's `fetch` option takes. */
export type FetchLike = typeof globalThis.fetch;

/** How failed requests are retried: network errors, timeouts, 408, 429, 500, 502, 503, 504. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  retries?: number;
  /** First backoff delay, ms. Default 500. */
  minTimeout?: number;
  /** Largest backoff delay, ms. Default 10_000. */
  maxTimeout?: number;
  /** Exponential factor. Default 2. */
  factor?: number;
  /** Jitter: multiply each delay by a random 1..2. Default true. */
  randomize?: boolean;
  /** Longest Retry-After honoured, ms; a longer one fails at once. Default 60_000. */
  maxRetryAfter?: number;
}

/** How long a request may take at each stage, in ms. */
export interface TimeoutOptions {
  /** TCP/TLS connect, ms. Default 10_000. */
  connect?: number;
  /** From sending the request to receiving the response headers, ms. Default 30_000. */
  headers?: number;
  /** Longest silence while reading the body, ms. Default 30_000. */
  body?: number;
}

/**
 * What `onRetry` is told before each retry: the request, the attempt that failed and why, and
 * the wait before the next one.
 */
export interface RetryEvent {
  method: string;
  path: string;
  /** The attempt that failed, 1-based. */
  attempt: number;
  retriesLeft: number;
  delayMs: number;
  /** Why it failed, e.g. `503 unavailable` or `NetworkError: ECONNRESET` (redacted). */
  reason: string;
}

/**
 * What `onResponse` is told for each HTTP response: the request, its status, whether it was a
 * 304 Not Modified, and how long it took.
 */
export interface ResponseEvent {
  method: string;
  path: string;
  status: number;
  notModified: boolean;
  durationMs: number;
}

/**
 * Options of `createClient`, all validated up front: a bad one throws a ConfigurationError
 * before any request is sent.
 */
export interface ClientOptions {
  /**
   * The API address, ending in the path segment `/api/v1` (a trailing slash is fine), without
   * credentials, query or fragment; `https:` unless the host is loopback or `allowInsecureHttp`.
   */
  baseUrl: string | URL;
  /**
   * The API key, sent as `Authorization: Bearer <key>`; required for `/blogs` and `/articles`,
   * not for `discover()`. A key that is empty, holds whitespace, starts with `Bearer ` or has
   * characters outside RFC 6750's b64token alphabet is rejected and never sent.
   */
  apiKey?: string | undefined;
  /**
   * Allow `http:` to a host other than loopback (`localhost`, `*.localhost`, `127.0.0.0/8`,
   * `[::1]`), which sends the key in clear text.
   * @default false
   */
  allowInsecureHttp?: boolean;
  /**
   * Most requests in flight at once for this client (and, on Node, most connections per origin
   * in its pool). A positive integer.
   * @default 6
   */
  concurrency?: number;
  /**
   * Items asked for per page (`1..500`); overridable per call.
   * @default 100
   */
  perPage?: number;
  /** Connect, headers and body timeouts, in ms (see TimeoutOptions for each default). */
  timeouts?: TimeoutOptions;
  /**
   * Largest response body read, in bytes (32 MiB by default; the decoded size of a compressed
   * body); a bigger one is destroyed and fails with ResponseTooLargeError.
   * @default 33554432
   */
  maxResponseBytes?: number;
  /** How failed requests are retried with exponential backoff (see RetryOptions for defaults). */
  retry?: RetryOptions;
  /**
   * How many times `list()` (and `listBlogs`/`listArticles`) reads a listing whose pages do not
   * add up (content changed mid-read) before throwing ListingChangedError.
   * @default 3
   */
  maxListingAttempts?: number;
  /**
   * Redirect hops followed per request; `0` follows none.
   * @default 5
   */
  maxRedirects?: number;
  /**
   * Send requests through this fetch instead (tests with msw, other runtimes); no Agent is made
   * then, and a `dispatcher` given too is passed to it as `init.dispatcher`. Default: undici's
   * `request()` on the client's Agent (or `dispatcher`) on Node, the platform's `fetch` on the web.
   */
  fetch?: FetchLike;
  /**
   * Your own undici dispatcher (a proxy, a mock) for the client's requests, instead of the Agent
   * it makes; `close()` does not close it. Node client only.
   */
  dispatcher?: Dispatcher;
  /**
   * A product token appended to `User-Agent: content-read-core/<version>`, e.g. `my-site/1.0`;
   * a single line.
   */
  userAgent?: string;
  /** Called before each retry with what failed and how long until the next attempt (no key). */
  onRetry?: (event: RetryEvent) => void;
  /** Called for every HTTP response, redirect hops included, with its status and duration. */
  onResponse?: (event: ResponseEvent) => void;
  /**
   * A list item that breaks the contract: `'fail'` (default) rejects its page with one
   * ValidationError; `'skip'` leaves it out of `items` (its id still counts toward
   * `meta.total`) and reports it in `page.invalid` and to `onInvalidItem`.
   */
  invalidItems?: InvalidItemsMode;
  /** Called for each list item skipped under `invalidItems: 'skip'` (never sees the key). */
  onInvalidItem?: (item: InvalidItem) => void;
}

/**
 * What a listing does with an item that breaks the contract: `'fail'` rejects its page,
 * `'skip'` leaves it out (see the `invalidItems` option).
 */
export type InvalidItemsMode = 'fail' | 'skip';

/** One list item left out under `invalidItems: 'skip'`: where it was and what is wrong. */
export interface InvalidItem {
  /** URL path + query of its page (the page's key; never the API key). */
  path: string;
  /** Index within the page. */
  index: number;
  /** Its id (redacted), when readable; an item without one cannot be skipped. */
  id: string;
  /** The first problem: dotted field path and message. */
  field: string;
  problem: string;
  /** Every problem found in the item (up to 20). */
  issues: ValidationIssue[];
}

/** Options of any call that makes requests. */
export interface RequestOptions {
  /** Aborts the call: requests in flight and retry waits stop, rejecting with its reason. */
  signal?: AbortSignal | undefined;
}

/** Options of a call that reads a listing (`listBlogs`, `listArticles`). */
export interface ListOptions extends RequestOptions {
  /** Items asked for per page (`1..500`). Default: the client's `perPage`. */
  perPage?: number | undefined;
}

/** What the caller kept from the last sync for one page (keyed by `ListPage.key`). */
export interface HeldPage {
  etag: string;
  ids: string[];
  meta?: ListMeta | undefined;
  /** The page's `Link rel="next"` target, for servers that paginate by Link only. */
  next?: string | undefined;
}

/** Options of `pages()` and `list()`: conditional requests, held pages and the newest only. */
export interface PagesOptions extends ListOptions {
  /**
   * What was kept from the last sync, keyed by `ListPage.key` (a Map or a plain object): each
   * held page is asked for with `If-None-Match`, and a 304 yields its held ids. Default: none.
   */
  previous?: ReadonlyMap<string, HeldPage> | Record<string, HeldPage> | undefined;
  /**
   * Which held pages the caller knows to be unchanged (a publish named the others): such a page
   * of `previous` (of a listing paged by `meta.total_pages`) is handed back as not modified
   * without a request. Default: none.
   */
  reuse?: ((key: string) => boolean) | undefined;
  /**
   * Only the pages holding the last `last` items: the newest, as lists are in ascending id order
   * and ids are given in creation order. Whole pages, so up to `perPage - 1` more. The total is
   * asked first with a one-item page; a listing that states no `meta.total` is read whole.
   * Default: every page.
   */
  last?: number | undefined;
  /** Overrides the client's `invalidItems` for this call. */
  invalidItems?: InvalidItemsMode | undefined;
}

/**
 * Narrows an article listing (`listArticles()`, and `pages()` or `list()` of `articles`) to one
 * blog.
 */
export interface ArticleFilter {
  /** A blog id or slug: only that blog's articles. */
  blog?: string | undefined;
}

interface PageBase {
  /** URL path + query of the page: the key under which to hold its ETag. */
  key: string;
  /** 1-based page number. */
  page: number;
  meta?: ListMeta | undefined;
  next?: string | undefined;
}
/**
 * One page of a listing as `pages()` yields it: its items and ids, or, when it has not changed
 * since the held ETag (`notModified: true`), only the held ids.
 */
export type ListPage<T> =
  | (PageBase & {
      etag?: string | undefined;
      notModified: false;
      items: T[];
      /** Every id on the page in order, skipped invalid items included: hold these. */
      ids: string[];
      /** Items left out under `invalidItems: 'skip'` (empty otherwise). */
      invalid: InvalidItem[];
    })
  | (PageBase & { etag: string; notModified: true; ids: string[] });

/**
 * A whole listing. `T` is the resource's item; `P` is what was kept of each page: the page
 * itself, or what `onPage` made of it.
 */
export interface Listing<T, P = ListPage<T>> {
  /** In page order. */
  pages: P[];
  /** Every id, in page order. */
  ids: string[];
  /** How many times the whole listing was read (1 unless content changed mid-sync). */
  attempts: number;
}

/** The item type of each listable resource. */
export interface ResourceItems {
  blogs: Blog;
  articles: Article;
}
/** A resource the client can list: `'blogs'` or `'articles'`. */
export type ResourceName = keyof ResourceItems;

/** Options of `pages()`: the blog filter only applies to articles. */
export type ResourcePagesOptions<N extends ResourceName> = PagesOptions &
  (N extends 'articles' ? ArticleFilter : unknown);

/** Options of `list()`: those of `pages()`, and what to make of each page as it arrives. */
export type ListingOptions<N extends ResourceName, P> = ResourcePagesOptions<N> & {
  /**
   * Called with each page as it arrives (before the listing is known to be consistent; pages of
   * an attempt that turns out inconsistent are handed over again on the next one). Its result
   * is what `pages` holds. A promise it returns need not settle before the next page is handed
   * over: up to 4 pages may be at work at once. The first to fail, in the order they were handed
   * over, fails the listing. Default: the page itself.
   */
  onPage?: ((page: ListPage<ResourceItems[N]>) => P | Promise<P>) | undefined;
};
