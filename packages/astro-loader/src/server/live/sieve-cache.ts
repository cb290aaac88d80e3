import { type Sized, SizedStore } from '../../shared/sized-store.js';

interface Node<K, V> extends Sized<V> {
  key: K;
  /** Used since the hand last passed it (SIEVE's one bit). */
  visited: boolean;
  /** The pass it was last claimed by (see `beginPass`). */
  pass: number;
  /** Toward the newest. */
  newer: Node<K, V> | undefined;
  /** Toward the oldest. */
  older: Node<K, V> | undefined;
}

/**
 * A cache bounded by a total size, with SIEVE eviction (Zhang et al., NSDI 2024: a FIFO queue,
 * one "visited" bit per entry and a hand that sweeps from the oldest, sparing visited entries
 * once) and one more rule for the live loaders' sequential scans: an entry the pass being served
 * has claimed is never evicted, and when everything held is claimed a new entry is not kept.
 *
 * Why: a listing is read in order, every entry once per request. Under LRU, CLOCK or plain SIEVE
 * a listing larger than the bound evicts each entry just before the next request needs it, so
 * nothing is ever reused. With claims, the entries held stay held: a listing of N entries over a
 * bound of C reuses C of them on every request instead of none.
 */
export class SieveCache<K, V> extends SizedStore<K, V, Node<K, V>> {
  #newest: Node<K, V> | undefined;
  #oldest: Node<K, V> | undefined;
  #hand: Node<K, V> | undefined;
  #pass = 0;
  /** Entries claimed by the current pass. */
  #claimed = 0;

  /**
   * Starts a pass (one request's work) that will need these keys: they are claimed at once, so
   * that making the first entries of the pass never evicts the later ones it will ask for.
   */
  beginPass(keys: Iterable<K>): void {
    this.#pass++;
    this.#claimed = 0;
    for (const key of keys) {
      const node = this.entries.get(key);
      if (node) this.#claim(node);
    }
  }

  get(key: K): V | undefined {
    const node = this.entries.get(key);
    if (!node) return undefined;
    node.visited = true;
    this.#claim(node);
    return node.value;
  }

  /** Keeps `value` under `key` if it fits; returns whether it was kept. */
  set(key: K, value: V): boolean {
    this.delete(key);
    const size = this.sizeOf(value, key);
    if (size > this.limit) return false;
    while (this.total + size > this.limit) if (!this.#evictOne()) return false;
    const node: Node<K, V> = {
      key,
      value,
      size,
      visited: false,
      pass: -1,
      newer: undefined,
      older: this.#newest,
    };
    if (this.#newest) this.#newest.newer = node;
    this.#newest = node;
    this.#oldest ??= node;
    this.add(key, node);
    this.#claim(node);
    return true;
  }

  protected override leaving(node: Node<K, V>): void {
    if (node.pass === this.#pass) this.#claimed--;
    if (this.#hand === node) this.#hand = node.newer;
    if (node.newer) node.newer.older = node.older;
    else this.#newest = node.older;
    if (node.older) node.older.newer = node.newer;
    else this.#oldest = node.newer;
  }

  #claim(node: Node<K, V>): void {
    if (node.pass === this.#pass) return;
    node.pass = this.#pass;
    this.#claimed++;
  }

  /** SIEVE's sweep, skipping claimed entries; false when every entry held is claimed. */
  #evictOne(): boolean {
    if (this.#claimed >= this.size) return false;
    // Bounded: each step clears a bit or passes a claimed entry; two rounds reach an unclaimed,
    // unvisited entry (one exists: checked above).
    let node = this.#hand ?? this.#oldest;
    while (node && (node.visited || node.pass === this.#pass)) {
      node.visited = false;
      node = node.newer ?? this.#oldest;
    }
    if (!node) return false;
    this.#hand = node.newer;
    this.delete(node.key);
    return true;
  }
}
