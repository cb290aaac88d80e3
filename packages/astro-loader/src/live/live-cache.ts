import type { HeldPage, Listing, ListMeta, ListPage } from '@content-read/core';
import { registerLiveListing } from './expiry.js';
import { type Deadline, DeadlineError, isOutage } from './live-budget.js';

/** What the cache keeps of one page: the items it keeps, and what revalidates them. */
interface PageCopy<T> {
  key: string;
  etag: string | undefined;
  meta: ListMeta | undefined;
  /** Every id the API listed on the page (core checks a listing's completeness with them). */
  ids: string[];
  items: T[];
}

/** How a cache reads its listing: core's `list()`, conditional on the pages it holds. */
export type ReadListing<T> = (options: {
  previous: ReadonlyMap<string, HeldPage>;
  onPage: (page: ListPage<T>) => PageCopy<T>;
}) => Promise<Listing<T, PageCopy<T>>>;

/** A read: the items, and when they are the last good ones (the API failed), why and how old. */
export interface ListingRead<T> {
  items: T[];
  stale?: { error: unknown; ageMs: number } | undefined;
}

export interface LiveListingOptions<T> {
  /** ms a read listing is served as it is. Default 0. */
  freshness?: number;
  /** Which of the API's items the listing holds (the others are never kept). Default: all. */
  keep?: (item: T) => boolean;
  now?: () => number;
}

/**
 * In-memory copy of one listing (all articles, one blog's, or the blogs) for the live loaders.
 * Within the freshness window it is served as it is; after it, one revalidation (conditional
 * requests with the ETags held: an unchanged page costs a 304 and no parsing, and hands back the
 * very same item objects) serves every request that arrives meanwhile. So N concurrent requests
 * cost at most one upstream request per listing page per window.
 *
 * A caller waits for a revalidation until its deadline; the revalidation itself goes on (bounded
 * by the client's timeouts and retries) and fills the cache for the next request. When it fails
 * or is not done in time and the API is down (see isOutage), the last good listing is served,
 * marked stale.
 *
 * A publish (contentRead()'s publish webhook) expires it: the next read revalidates, and a
 * revalidation started before the publish serves no one after it.
 */
export class LiveListingCache<T extends { id: string }> {
  readonly #pages = new Map<string, PageCopy<T>>();
  #items: T[] | undefined;
  #readAt = Number.NEGATIVE_INFINITY;
  #pending: Promise<T[]> | undefined;
  /** Why the revalidation under way is late: a caller's deadline passed while it went on. */
  #late: DeadlineError | undefined;
  /** When the revalidation under way last received a page (Date.now, as Deadline counts). */
  #progressAt = 0;
  /** Revalidations started: only the latest may replace what is held. */
  #started = 0;
  readonly #freshness: number;
  readonly #keep: ((item: T) => boolean) | undefined;
  readonly #now: () => number;

  constructor(
    private readonly readListing: ReadListing<T>,
    options: LiveListingOptions<T> = {},
  ) {
    this.#freshness = options.freshness ?? 0;
    this.#keep = options.keep;
    this.#now = options.now ?? Date.now;
    registerLiveListing(this);
  }

  /** Makes the next read revalidate, even within the freshness window or during a revalidation. */
  expire(): void {
    this.#readAt = Number.NEGATIVE_INFINITY;
    this.#pending = undefined;
    this.#late = undefined;
  }

  /** Whether a good listing is held (a failed first read leaves none). */
  get held(): boolean {
    return this.#items !== undefined;
  }

  async read(deadline: Deadline): Promise<ListingRead<T>> {
    if (this.#items && this.#now() - this.#readAt < this.#freshness) return { items: this.#items };
    if (!this.#pending) {
      const pending = this.#revalidate().finally(() => {
        if (this.#pending === pending) this.#pending = undefined;
      });
      // Callers may stop waiting (their deadline); a failure nobody awaits is not unhandled.
      pending.catch(() => {});
      this.#pending = pending;
      this.#late = undefined;
    }
    // A revalidation that already kept a caller past its deadline keeps no one else waiting.
    if (this.#items && this.#late) return this.#stale(this.#late);
    try {
      // Holding nothing, a listing that keeps arriving is waited for: there is nothing better.
      const progress = this.#items ? undefined : () => this.#progressAt;
      return { items: await deadline.race(this.#pending, progress) };
    } catch (error) {
      if (!this.#items || !isOutage(error)) throw error;
      if (error instanceof DeadlineError) this.#late ??= error;
      return this.#stale(this.#late ?? error);
    }
  }

  #stale(error: unknown): ListingRead<T> {
    return { items: this.#items ?? [], stale: { error, ageMs: this.#now() - this.#readAt } };
  }

  async #revalidate(): Promise<T[]> {
    const revalidation = ++this.#started;
    const previous = new Map<string, HeldPage>();
    for (const [key, { etag, meta, ids }] of this.#pages) {
      if (etag) previous.set(key, { etag, meta, ids });
    }
    const keep = this.#keep;
    const listing = await this.readListing({
      previous,
      onPage: (page) => {
        this.#progressAt = Date.now();
        return {
          key: page.key,
          etag: page.etag,
          meta: page.meta,
          ids: page.ids,
          // A 304 page's items are the ones this cache holds for it.
          items: page.notModified
            ? (this.#pages.get(page.key)?.items ?? [])
            : keep
              ? page.items.filter(keep)
              : page.items,
        };
      },
    });
    const items = listing.pages.flatMap((page) => page.items);
    // One started since (after a publish) reads a newer listing: this one must not replace it.
    if (revalidation !== this.#started) return items;
    this.#pages.clear();
    for (const page of listing.pages) if (page.etag) this.#pages.set(page.key, page);
    this.#items = items;
    this.#readAt = this.#now();
    return items;
  }
}
