import type { ContentReadClient, HeldPage } from '@content-read/core';

/**
 * In-memory copy of a listing for the live loaders. Every request revalidates it with the
 * ETags it holds, so an unchanged listing costs one 304 per page and no parsing; a changed
 * page is read again. One cache per listing (all articles, or one blog's).
 */
export class LiveListingCache<T extends { id: string }> {
  readonly #pages = new Map<string, { held: HeldPage; items: T[] }>();

  async read(
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
    for (const page of listing.pages) {
      const items = page.notModified
        ? (this.#pages.get(page.key)?.items ?? [])
        : (page.items as unknown as T[]);
      if (page.etag)
        next.set(page.key, {
          held: { etag: page.etag, ids: items.map((i) => i.id), meta: page.meta },
          items,
        });
    }
    this.#pages.clear();
    for (const [key, page] of next) this.#pages.set(key, page);
    return listing.pages.flatMap((page) =>
      page.notModified ? (next.get(page.key)?.items ?? []) : (page.items as unknown as T[]),
    );
  }
}
