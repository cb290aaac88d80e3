import { BoundedMap } from '../../shared/bounded-map.js';
import type { ProxyErrorCode } from './error-codes.js';

/** What the proxy keeps of one upstream listing page (a 200) or passes on once (anything else). */
export interface UpstreamAnswer {
  status: number;
  /** The JSON body of a 200 as the API sent it: a list envelope, or a bare array. */
  body?: Uint8Array;
  /** The body is a bare array: the whole list, not a page of it. */
  whole?: boolean;
  /** The API's `meta.total_pages`, when it sent one. */
  pages?: number;
  /** The blogs a restricted listing's items may belong to (route-cache.ts). */
  blogIds?: string[];
  /** The API's `meta.total`, when it sent one: the items of the whole list. */
  total?: number;
  /** The API's `Link` named a next page. */
  next?: boolean;
  /** The ETag of `body` as the proxy serves it. */
  etag?: string;
  /** The API's ETag, sent back with the next revalidation. */
  validator?: string;
  /** The upstream `Link` header, already rewritten to the proxy's path. */
  link?: string;
  retryAfter?: string;
  /** What went wrong, in the proxy's own words (never the API's error code). */
  failure?: ProxyErrorCode;
}

/**
 * Asks upstream for a page, revalidating with the API's ETag held (a 304 carries no body);
 * `signal` aborts when no request waits for the answer any more.
 */
export type Fetcher = (etag: string | undefined, signal: AbortSignal) => Promise<UpstreamAnswer>;

export interface CacheSettings {
  /** How long a stored page is served without asking upstream, in ms. */
  freshness: number;
  /** Largest memory the stored pages may hold, in bytes: bodies, keys, headers and per-entry overhead (least recently used go first). */
  maxBytes: number;
}

// Map entry, objects and strings beside the body: without it, many small pages under long
// query strings would add up far beyond maxBytes.
const ENTRY_OVERHEAD = 512;

/** An estimate of the memory one stored page holds (strings are UTF-16 in memory). */
function storedBytes(key: string, answer: UpstreamAnswer): number {
  const strings = [key, answer.etag, answer.validator, answer.link, answer.retryAfter];
  const chars = strings.reduce((sum, text) => sum + (text?.length ?? 0), 0);
  return (answer.body?.byteLength ?? 0) + chars * 2 + ENTRY_OVERHEAD;
}

interface Stored {
  answer: UpstreamAnswer;
  storedAt: number;
}

/** A revalidation under way, and how many requests wait for it. */
interface InFlight {
  answer: Promise<UpstreamAnswer>;
  controller: AbortController;
  waiters: number;
}

/** The proxy's own refusals to go upstream: a page held, even stale, is better. */
const HELD_BACK = new Set(['proxy_busy', 'upstream_budget_spent']);

/**
 * The proxy's shared page cache. Within the freshness window a page is served from memory; after
 * it, one request revalidates it upstream (304: the stored body is kept) while every concurrent
 * request for the same page waits for that one answer. Only 200s are stored; the store is bounded
 * by bytes, so distinct query strings (valid but many) cannot grow it without limit. A request
 * that goes away (its `signal`) stops waiting; when none waits, the upstream read is aborted.
 * When the proxy holds itself back from going upstream (its bounds), a stored page is served stale.
 * Apart from live/live-cache.ts on purpose: that one holds one whole listing and serves it stale
 * past a caller's deadline; this one holds many byte-bounded pages and passes failures on.
 */
export class ProxyCache {
  readonly #stored: BoundedMap<string, Stored>;
  readonly #inFlight = new Map<string, InFlight>();

  constructor(
    private readonly settings: CacheSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.#stored = new BoundedMap(settings.maxBytes, (s, key) => storedBytes(key, s.answer));
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#stored.size, bytes: this.#stored.total };
  }

  async get(key: string, fetcher: Fetcher, signal?: AbortSignal): Promise<UpstreamAnswer> {
    const stored = this.#stored.get(key);
    if (stored && this.now() - stored.storedAt < this.settings.freshness) return stored.answer;
    let flight = this.#inFlight.get(key);
    if (!flight) {
      const controller = new AbortController();
      const answer = this.#revalidate(key, stored, fetcher, controller.signal).finally(() =>
        this.#inFlight.delete(key),
      );
      flight = { answer, controller, waiters: 0 };
      this.#inFlight.set(key, flight);
    }
    return this.#wait(flight, signal);
  }

  /** The flight's answer for one request; the last one to leave aborts it. */
  #wait(flight: InFlight, signal: AbortSignal | undefined): Promise<UpstreamAnswer> {
    flight.waiters++;
    if (!signal) return flight.answer; // a waiter that never leaves
    const leave = () => {
      if (--flight.waiters === 0) flight.controller.abort(signal.reason);
    };
    if (signal.aborted) {
      leave();
      return Promise.reject(signal.reason);
    }
    return new Promise((resolve, reject) => {
      const gone = () => {
        leave();
        reject(signal.reason);
      };
      signal.addEventListener('abort', gone, { once: true });
      flight.answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', gone));
    });
  }

  async #revalidate(
    key: string,
    stored: Stored | undefined,
    fetcher: Fetcher,
    signal: AbortSignal,
  ): Promise<UpstreamAnswer> {
    const answer = await fetcher(stored?.answer.validator, signal);
    if (stored && answer.failure && HELD_BACK.has(answer.failure)) return stored.answer;
    if (answer.status === 304 && stored) {
      stored.storedAt = this.now();
      return stored.answer;
    }
    if (answer.status === 200) this.#stored.set(key, { answer, storedAt: this.now() });
    else this.#stored.delete(key);
    return answer;
  }
}
