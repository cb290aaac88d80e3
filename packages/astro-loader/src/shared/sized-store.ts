/** What a size-bounded store holds under a key: the value and the size `sizeOf` gave it. */
export interface Sized<V> {
  value: V;
  size: number;
}

/**
 * The bookkeeping of a store bounded by a total size that `sizeOf` measures (1 per entry by
 * default): its entries by key, their total size, and removal. Subclasses choose what goes.
 */
export abstract class SizedStore<K, V, E extends Sized<V>> {
  protected readonly entries = new Map<K, E>();
  protected readonly limit: number;
  protected readonly sizeOf: (value: V, key: K) => number;
  #total = 0;

  // Fields written out, not parameter properties: sanitiser threads run from source in the
  // unit tests, where Node only strips types.
  constructor(limit: number, sizeOf: (value: V, key: K) => number = () => 1) {
    this.limit = limit;
    this.sizeOf = sizeOf;
  }

  /** Total size held. */
  get total(): number {
    return this.#total;
  }

  get size(): number {
    return this.entries.size;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.leaving(entry);
    this.entries.delete(key);
    this.#total -= entry.size;
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }

  protected add(key: K, entry: E): void {
    this.entries.set(key, entry);
    this.#total += entry.size;
  }

  /** Called as `entry` is removed, for what a subclass keeps beside the map. */
  protected leaving(_entry: E): void {}
}
