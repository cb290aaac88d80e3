import type { HeldPage, Listing, ListMeta, ListPage } from '@content-read/core';

/** What the cache keeps of one page: its items, and what revalidates them. */
interface PageCopy<T> {
  key: string;
  etag: string | undefined;
  meta: ListMeta | undefined;
  items: T[];
}

/** How a cache reads its listing: core's `list()`, conditional on the pages it holds. */
export type ReadListing<T> = (options: {
  previous: ReadonlyMap<string, HeldPage>;
  onPage: (page: ListPage<T>) => PageCopy<T>;
}) => Promise<Listing<T, PageCopy<T>>>;

/**
 * In-memory copy of one listing (all articles, or one blog's) for the live loaders. Within the
 * freshness window it is served as it is; after it, one revalidation (conditional requests with
 * the ETags held: an unchanged page costs a 304 and no parsing, and hands back the very same
 * item objects) serves every request that arrives meanwhile. So N concurrent requests cost at
 * most one upstream request per listing page per window.
 */
export class LiveListingCache<T extends { id: string }> {
  readonly #pages = new Map<string, PageCopy<T>>();
  #items: T[] | undefined;
  #readAt = Number.NEGATIVE_INFINITY;
  #pending: Promise<T[]> | undefined;

  constructor(
    private readonly readListing: ReadListing<T>,
    private readonly freshness = 0,
    private readonly now: () => number = Date.now,
  ) {}

  read(): Promise<T[]> {
    if (this.#items && this.now() - this.#readAt < this.freshness)
      return Promise.resolve(this.#items);
    this.#pending ??= this.#revalidate().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  async #revalidate(): Promise<T[]> {
    const previous = new Map<string, HeldPage>();
    for (const [key, { etag, meta, items }] of this.#pages) {
      if (etag) previous.set(key, { etag, meta, ids: items.map((item) => item.id) });
    }
    const listing = await this.readListing({
      previous,
      onPage: (page) => ({
        key: page.key,
        etag: page.etag,
        meta: page.meta,
        // A 304 page's items are the ones this cache holds for it.
        items: page.notModified ? (this.#pages.get(page.key)?.items ?? []) : page.items,
      }),
    });
    this.#pages.clear();
    for (const page of listing.pages) if (page.etag) this.#pages.set(page.key, page);
    this.#items = listing.pages.flatMap((page) => page.items);
    this.#readAt = this.now();
    return this.#items;
  }
}
