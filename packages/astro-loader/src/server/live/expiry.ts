/** What a publish says changed: the articles and blogs it names (API ids), or everything. */
export type Published = { articles?: readonly string[]; blogs?: readonly string[] } | 'all';

export type ListedResource = 'articles' | 'blogs';

/** A live listing a publish makes stale: its next read asks the API again for what changed. */
export interface Expirable {
  /** Expires the pages holding `ids`, or (without ids, or when one is not held) every page. */
  expire(ids?: readonly string[]): void;
}

interface Registered {
  listing: WeakRef<Expirable>;
  resource: ListedResource;
}

// Process-wide on purpose: the publish route and the live loaders may be two copies of this
// package in one server bundle, and the route must reach every loader's listings. Weak, so a
// loader that is gone (tests make many) is not kept alive by this list.
const LISTINGS = Symbol.for('@content-read/astro-loader:live-listings');
type WithListings = typeof globalThis & { [LISTINGS]?: Set<Registered> };

function listings(): Set<Registered> {
  const scope = globalThis as WithListings;
  scope[LISTINGS] ??= new Set();
  return scope[LISTINGS];
}

export function registerLiveListing(listing: Expirable, resource: ListedResource): void {
  listings().add({ listing: new WeakRef(listing), resource });
}

/**
 * Expires, in every live listing of this server (this isolate, on Workers), what `published`
 * changed there; returns how many listings it concerned.
 */
export function expireLiveListings(published: Published = 'all'): number {
  let expired = 0;
  for (const entry of listings()) {
    const listing = entry.listing.deref();
    if (!listing) listings().delete(entry);
    else {
      const changed = changedIn(entry.resource, published);
      if (changed === undefined) continue;
      listing.expire(changed === 'all' ? undefined : changed);
      expired++;
    }
  }
  return expired;
}

/**
 * The ids of `resource` that `published` names, 'all', or undefined when it names none. A blog's
 * change can change which articles a key sees (a blog made private): article listings are then
 * read whole.
 */
function changedIn(
  resource: ListedResource,
  published: Published,
): readonly string[] | 'all' | undefined {
  if (published === 'all') return 'all';
  if (resource === 'articles' && published.blogs?.length) return 'all';
  const named = published[resource];
  return named?.length ? named : undefined;
}
