/** Public option, event and result types (see contracts.md and the README). */
import type { Dispatcher } from 'undici';
import type { ListMeta } from './schema.js';

export type FetchLike = typeof globalThis.fetch;

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

export interface TimeoutOptions {
  /** TCP/TLS connect, ms. Default 10_000. */
  connect?: number;
  /** From sending the request to receiving the response headers, ms. Default 30_000. */
  headers?: number;
  /** Longest silence while reading the body, ms. Default 30_000. */
  body?: number;
}

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

export interface ResponseEvent {
  method: string;
  path: string;
  status: number;
  notModified: boolean;
  durationMs: number;
}

export interface ClientOptions {
  baseUrl: string | URL;
  apiKey?: string | undefined;
  allowInsecureHttp?: boolean;
  concurrency?: number;
  perPage?: number;
  timeouts?: TimeoutOptions;
  maxResponseBytes?: number;
  retry?: RetryOptions;
  maxListingAttempts?: number;
  maxRedirects?: number;
  fetch?: FetchLike;
  dispatcher?: Dispatcher;
  userAgent?: string;
  onRetry?: (event: RetryEvent) => void;
  onResponse?: (event: ResponseEvent) => void;
}

export interface RequestOptions {
  signal?: AbortSignal | undefined;
}

export interface ListOptions extends RequestOptions {
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

export interface PagesOptions extends ListOptions {
  previous?: ReadonlyMap<string, HeldPage> | Record<string, HeldPage> | undefined;
}

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
export type ListPage<T> =
  | (PageBase & { etag?: string | undefined; notModified: false; items: T[] })
  | (PageBase & { etag: string; notModified: true; ids: string[] });

export interface Listing<T> {
  /** In page order. */
  pages: ListPage<T>[];
  /** Every id, in page order. */
  ids: string[];
  /** How many times the whole listing was read (1 unless content changed mid-sync). */
  attempts: number;
}

export type ResourceName = 'blogs' | 'articles';
