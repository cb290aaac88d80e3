import type { MetaStore } from 'astro/loaders';

/**
 * The API items of each page, kept in Astro's meta store when the loader's options hold
 * functions (`filter`, `generateId`, `generateBlogId`). Such a function may read a variable
 * from outside: its source, hashed into the sync state's version, then stays the same while its
 * results change. A 304 page is therefore decided again from these items, so what the functions
 * say today is what the store holds; only pages that came back with a body are written.
 */
export class HeldItems<T> {
  static readonly PREFIX = 'content-read-items:';

  constructor(private readonly meta: MetaStore) {}

  read(pageKey: string): T[] | undefined {
    const raw = this.meta.get(HeldItems.PREFIX + pageKey);
    if (raw === undefined) return undefined;
    try {
      const items = JSON.parse(raw) as unknown;
      return Array.isArray(items) ? (items as T[]) : undefined;
    } catch {
      return undefined; // a corrupt copy only costs reading the page again
    }
  }

  write(pageKey: string, items: readonly T[]): void {
    this.meta.set(HeldItems.PREFIX + pageKey, JSON.stringify(items));
  }

  /**
   * Drops the copies of pages the listing no longer has. Only copies that exist: Astro marks its
   * store changed on any delete, even of a missing key, and would then save it all again.
   */
  keepOnly(pageKeys: ReadonlySet<string>, previous: Iterable<string>): void {
    for (const page of previous) {
      const key = HeldItems.PREFIX + page;
      if (!pageKeys.has(page) && this.meta.has(key)) this.meta.delete(key);
    }
  }
}
