import { BoundedMap } from '../../shared/bounded-map.js';
import type { Expirable } from '../live/expiry.js';
import { canonicalQuery, type Resource } from './query.js';

/**
 * Step 6's knowledge of the lists' lengths: once the API has said how many items a listing
 * holds (`meta.total`, the same for every page size), a page past its end is answered empty by
 * the proxy, as the API would, without spending the key. Known for `TRUST_MS`, and forgotten at
 * once when the publish webhook says the content changed (this isolate's).
 */
export class KnownTotals implements Expirable {
  readonly #totals = new BoundedMap<string, { total: number; at: number }>(MAX_LISTINGS);

  constructor(private readonly now: () => number = Date.now) {}

  /** `listing`: the resource and its filters (the canonical query without paging). */
  learn(listing: string, total: number): void {
    this.#totals.set(listing, { total, at: this.now() });
  }

  /** The listing's known total when page `page` of `perPage` items lies past its end. */
  pastTheEnd(listing: string, page: number, perPage: number): number | undefined {
    if (page <= 1) return undefined;
    const known = this.#totals.get(listing);
    if (!known || this.now() - known.at >= TRUST_MS) return undefined;
    return (page - 1) * perPage >= known.total ? known.total : undefined;
  }

  expire(): void {
    this.#totals.clear();
  }
}

/** A listing's key: its resource and filters, the canonical query without paging. */
export function listingOf(resource: Resource, params: ReadonlyMap<string, string>): string {
  const filters = new Map(params);
  filters.delete('page');
  filters.delete('per_page');
  return `${resource}?${canonicalQuery(filters)}`;
}

/** How long a total is trusted without a publish: a page past the end appears within it. */
export const TRUST_MS = 60_000;
/** Listings (resource and blog filter) whose totals are kept. */
const MAX_LISTINGS = 1000;
