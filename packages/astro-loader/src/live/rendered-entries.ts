import { createHash } from 'node:crypto';
import { BoundedMap } from './bounded-map.js';

interface Stamped {
  id: string;
  updated_at: string;
}

/**
 * Entries already made (sanitised, parsed), by article id, each with the stamp of the article it
 * was made from: `updated_at` and a digest of the whole article. An article whose stamp has not
 * changed is never rendered again. Bounded by the size of the rendered HTML.
 */
export class RenderedEntries<E extends { rendered?: { html: string } }> {
  readonly #entries: BoundedMap<string, { stamp: string; entry: E }>;
  // A page that answered 304 hands back the very same objects: their stamp is known already.
  readonly #stamps = new WeakMap<object, string>();

  constructor(maxBytes: number) {
    // UTF-16 in memory, plus a rough allowance for the data beside the HTML.
    this.#entries = new BoundedMap(
      maxBytes,
      (e) => (e.entry.rendered?.html.length ?? 0) * 2 + 2048,
    );
  }

  get(item: Stamped, make: () => E): E {
    const stamp = this.#stamp(item);
    const known = this.#entries.get(item.id);
    if (known?.stamp === stamp) return known.entry;
    const entry = make();
    this.#entries.set(item.id, { stamp, entry });
    return entry;
  }

  get bytes(): number {
    return this.#entries.total;
  }

  #stamp(item: Stamped): string {
    let stamp = this.#stamps.get(item);
    if (stamp === undefined) {
      const digest = createHash('sha1').update(JSON.stringify(item)).digest('base64url');
      stamp = `${item.updated_at} ${digest}`;
      this.#stamps.set(item, stamp);
    }
    return stamp;
  }
}
