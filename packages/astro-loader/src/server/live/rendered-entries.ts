import { hash53 } from '../../shared/hash.js';
import { SieveCache } from './sieve-cache.js';

interface Stamped {
  id: string;
  updated_at: string;
}

/**
 * Default bound on the rendered entries kept: a 50,000-article listing of ~5 KB bodies (about
 * 5.5 KB an entry with its data and headings, counted as below) fits with room to spare.
 */
export const DEFAULT_RENDER_CACHE_BYTES = 400_000_000;

/** Memory taken besides the strings (objects, arrays, dates, map node), per entry. */
const ENTRY_OVERHEAD = 512;

/**
 * Entries already made (sanitised, parsed), by article id, each with the stamp of the article it
 * was made from: `updated_at` and a hash of the whole article. An article whose stamp has not
 * changed is never rendered again. Bounded by the bytes of what it holds, with scan-resistant
 * eviction (see SieveCache): a listing larger than the bound still reuses what fits.
 */
export class RenderedEntries<E extends { data: unknown; rendered?: { html: string } }> {
  readonly #entries: SieveCache<string, { stamp: string; entry: E }>;
  // A page that answered 304 hands back the very same objects: their stamp is known already.
  readonly #stamps = new WeakMap<object, string>();

  /**
   * `final`: whether an entry may be kept (default: every one); one that is not (its images were
   * still being measured) is made again by the next request.
   */
  constructor(
    maxBytes: number,
    readonly final: (entry: E) => boolean = () => true,
  ) {
    this.#entries = new SieveCache(
      maxBytes,
      ({ entry }) =>
        ENTRY_OVERHEAD +
        stringBytes(entry.rendered?.html ?? '') +
        stringBytes(JSON.stringify(entry.data)),
    );
  }

  /** The entries of `items` in order (one request's listing): kept ones reused, others made. */
  entries<I extends Stamped>(items: readonly I[], make: (item: I) => Promise<E>): Promise<E[]> {
    this.#entries.beginPass(items.map((item) => item.id));
    return Promise.all(items.map((item) => this.#get(item, make)));
  }

  /** Total bytes held (as counted for the bound). */
  get bytes(): number {
    return this.#entries.total;
  }

  async #get<I extends Stamped>(item: I, make: (item: I) => Promise<E>): Promise<E> {
    const stamp = this.#stamp(item);
    const known = this.#entries.get(item.id);
    if (known?.stamp === stamp) return known.entry;
    const entry = await make(item);
    if (this.final(entry)) this.#entries.set(item.id, { stamp, entry });
    return entry;
  }

  #stamp(item: Stamped): string {
    let stamp = this.#stamps.get(item);
    if (stamp === undefined) {
      stamp = `${item.updated_at} ${hash53(JSON.stringify(item))}`;
      this.#stamps.set(item, stamp);
    }
    return stamp;
  }
}

/**
 * Bytes a string takes in V8: one a character when every character fits in Latin-1 (V8 then
 * stores it one byte a character), else two.
 */
export function stringBytes(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the Latin-1 range, on purpose
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length;
}
