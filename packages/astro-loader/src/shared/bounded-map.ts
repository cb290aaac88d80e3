/**
 * A Map that forgets its least recently used entries beyond a size measured by `sizeOf`
 * (1 per entry by default), so what a request can add (a filter value, an article) cannot grow
 * it without limit.
 */
export class BoundedMap<K, V> {
  readonly #map = new Map<K, { value: V; size: number }>();
  #total = 0;

  constructor(
    private readonly limit: number,
    private readonly sizeOf: (value: V, key: K) => number = () => 1,
  ) {}

  get total(): number {
    return this.#total;
  }

  get(key: K): V | undefined {
    const found = this.#map.get(key);
    if (!found) return undefined;
    this.#map.delete(key);
    this.#map.set(key, found);
    return found.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value, key);
    if (size > this.limit) return;
    this.#map.set(key, { value, size });
    this.#total += size;
    for (const [oldest, entry] of this.#map) {
      if (this.#total <= this.limit) break;
      this.#map.delete(oldest);
      this.#total -= entry.size;
    }
  }

  delete(key: K): void {
    const found = this.#map.get(key);
    if (!found) return;
    this.#map.delete(key);
    this.#total -= found.size;
  }

  get size(): number {
    return this.#map.size;
  }
}
