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
 * In-memory copy of a listing for the live loaders. Every request revalidates it with the
 * ETags it holds, so an unchanged listing costs one 304 per page and no parsing; a changed
 * page is read again. One cache per listing (all articles, or one blog's).
 */
export class LiveListingCache<T extends { id: string }> {
  readonly #pages = new Map<string, PageCopy<T>>();

  constructor(private readonly readListing: ReadListing<T>) {}

  async read(): Promise<T[]> {
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
    return listing.pages.flatMap((page) => page.items);
  }
}
