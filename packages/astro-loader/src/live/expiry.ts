/** What a publish says changed: the articles and blogs it names (API ids), or everything. */
export type Published = { articles?: readonly string[]; blogs?: readonly string[] } | 'all';

/** A live listing a publish makes stale: its next read asks the API again for what changed. */
export interface Expirable {
  /** Whether the publish concerns this listing (and so expired some or all of it). */
  expire(published?: Published): boolean;
}

// Process-wide on purpose: the publish route and the live loaders may be two copies of this
// package in one server bundle, and the route must reach every loader's listings. Weak, so a
// loader that is gone (tests make many) is not kept alive by this list.
const LISTINGS = Symbol.for('@content-read/astro-loader:live-listings');
type WithListings = typeof globalThis & { [LISTINGS]?: Set<WeakRef<Expirable>> };

function listings(): Set<WeakRef<Expirable>> {
  const scope = globalThis as WithListings;
  scope[LISTINGS] ??= new Set();
  return scope[LISTINGS];
}

export function registerLiveListing(listing: Expirable): void {
  listings().add(new WeakRef(listing));
}

/**
 * Expires, in every live listing of this server (this isolate, on Workers), what `published`
 * names; returns how many listings it concerned.
 */
export function expireLiveListings(published: Published = 'all'): number {
  let expired = 0;
  for (const ref of listings()) {
    const listing = ref.deref();
    if (!listing) listings().delete(ref);
    else if (listing.expire(published)) expired++;
  }
  return expired;
}
