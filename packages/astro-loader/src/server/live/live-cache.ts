import type { HeldPage, Listing, ListMeta, ListPage } from '@content-read/core';
import { type ListedResource, registerLiveListing } from './expiry.js';
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

/**
 * How a cache reads its listing: core's `list()`, conditional on the pages it holds, and asking
 * only for those `reuse` does not take as they are.
 */
export type ReadListing<T> = (options: {
  previous: ReadonlyMap<string, HeldPage>;
  reuse?: ((key: string) => boolean) | undefined;
  onPage: (page: ListPage<T>) => PageCopy<T>;
}) => Promise<Listing<T, PageCopy<T>>>;

/** A read: the items, and when they are the last good ones (the API failed), why and how old. */
export interface ListingRead<T> {
  items: T[];
  stale?: { error: unknown; ageMs: number } | undefined;
}

export interface LiveListingOptions<T> {
  /** What the listing lists: a publish names articles and blogs apart. */
  resource: ListedResource;
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
 * revalidation started before the publish serves no one after it. A publish that names items
 * this listing holds (paged with `meta.total_pages`) makes the next read ask only for the pages
 * holding them; if those pages no longer hold the same ids (an item came or went, so the pages
 * after it shifted), the whole listing is read again.
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
  /** Revalidations started and publishes seen: only the latest read may replace what is held. */
  #started = 0;
  /** What publishes expired since the last read: every page, or the keys of some. */
  #expired: 'all' | Set<string> | undefined;
  readonly #freshness: number;
  readonly #keep: ((item: T) => boolean) | undefined;
  readonly #now: () => number;

  constructor(
    private readonly readListing: ReadListing<T>,
    options: LiveListingOptions<T>,
  ) {
    this.#freshness = options.freshness ?? 0;
    this.#keep = options.keep;
    this.#now = options.now ?? Date.now;
    registerLiveListing(this, options.resource);
  }

  /**
   * Makes the next read revalidate the pages holding `ids` (every page without ids, or when one
   * is not held), even within the freshness window or during a revalidation.
   */
  expire(ids: readonly string[] = []): void {
    this.#started++;
    this.#pending = this.#late = undefined;
    // One pass over the held ids, whatever the number named: each found is crossed off.
    const named = new Set(ids);
    const keys = [...this.#pages.values()]
      .filter((page) => page.ids.filter((id) => named.delete(id)).length)
      .map((page) => page.key);
    this.#expired =
      ids.length && !named.size && this.#expired !== 'all'
        ? new Set([...(this.#expired ?? []), ...keys])
        : 'all';
  }

  /** Whether a good listing is held (a failed first read leaves none). */
  get held(): boolean {
    return this.#items !== undefined;
  }

  async read(deadline: Deadline): Promise<ListingRead<T>> {
    const fresh = this.#now() - this.#readAt < this.#freshness;
    if (this.#items && fresh && this.#expired === undefined) return { items: this.#items };
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
    const expired = this.#expired;
    let listing: Listing<T, PageCopy<T>> | undefined;
    if (expired instanceof Set) {
      // A listing that no longer adds up (ListingChangedError), or any failure: read it whole.
      listing = await this.#read(expired).catch(() => undefined);
      // So too when a page read again holds other ids than before: the pages after it shifted.
      const read = new Map(listing?.pages.map((page) => [page.key, page.ids.join()]));
      for (const key of expired)
        if (read.get(key) !== this.#pages.get(key)?.ids.join()) listing = undefined;
    }
    const whole = !listing;
    listing ??= await this.#read();
    const items = listing.pages.flatMap((page) => page.items);
    // One started since, or a publish since, reads a newer listing: this one must not replace it.
    if (revalidation !== this.#started) return items;
    this.#pages.clear();
    for (const page of listing.pages) if (page.etag) this.#pages.set(page.key, page);
    this.#items = items;
    this.#expired = undefined;
    // Pages taken as they are stay as old as the last whole read.
    if (whole) this.#readAt = this.#now();
    return items;
  }

  /** Reads the listing, asking only for the pages `only` names when it is given. */
  #read(only?: ReadonlySet<string>): Promise<Listing<T, PageCopy<T>>> {
    const previous = new Map<string, HeldPage>();
    for (const [key, { etag, meta, ids }] of this.#pages) {
      if (etag) previous.set(key, { etag, meta, ids });
    }
    const keep = this.#keep;
    return this.readListing({
      previous,
      reuse: only && ((key) => !only.has(key)),
      onPage: (page) => {
        this.#progressAt = Date.now();
        return {
          key: page.key,
          etag: page.etag,
          meta: page.meta,
          ids: page.ids,
          // A page not modified (answered 304, or taken as it is) keeps the items held for it.
          items: page.notModified
            ? (this.#pages.get(page.key)?.items ?? [])
            : keep
              ? page.items.filter(keep)
              : page.items,
        };
      },
    });
  }
}
