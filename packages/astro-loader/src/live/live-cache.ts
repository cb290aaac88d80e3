import type { ContentReadClient, HeldPage } from '@content-read/core';

/**
 * In-memory copy of one listing (all articles, or one blog's) for the live loaders. Within the
 * freshness window it is served as it is; after it, one revalidation (conditional requests with
 * the ETags held: an unchanged page costs a 304 and no parsing) serves every request that
 * arrives meanwhile. So N concurrent requests cost at most one upstream request per listing
 * page per window.
 */
export class LiveListingCache<T extends { id: string }> {
  readonly #pages = new Map<string, { held: HeldPage; items: T[] }>();
  #items: T[] | undefined;
  #readAt = Number.NEGATIVE_INFINITY;
  #pending: Promise<T[]> | undefined;

  constructor(
    private readonly freshness: number,
    private readonly now: () => number = Date.now,
  ) {}

  read(client: ContentReadClient, resource: 'blogs' | 'articles', blog?: string): Promise<T[]> {
    if (this.#items && this.now() - this.#readAt < this.freshness)
      return Promise.resolve(this.#items);
    this.#pending ??= this.#revalidate(client, resource, blog).finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  async #revalidate(
    client: ContentReadClient,
    resource: 'blogs' | 'articles',
    blog?: string,
  ): Promise<T[]> {
    const previous = new Map([...this.#pages].map(([key, page]) => [key, page.held]));
    const listing = await client.list(resource as 'articles', {
      previous,
      ...(blog ? { blog } : {}),
    });
    const next = new Map<string, { held: HeldPage; items: T[] }>();
    const items: T[] = [];
    for (const page of listing.pages) {
      const pageItems = page.notModified
        ? (this.#pages.get(page.key)?.items ?? [])
        : (page.items as unknown as T[]);
      items.push(...pageItems);
      if (page.etag)
        next.set(page.key, {
          held: { etag: page.etag, ids: pageItems.map((i) => i.id), meta: page.meta },
          items: pageItems,
        });
    }
    this.#pages.clear();
    for (const [key, page] of next) this.#pages.set(key, page);
    this.#items = items;
    this.#readAt = this.now();
    return items;
  }
}
