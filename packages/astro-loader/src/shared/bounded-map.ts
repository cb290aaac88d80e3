import { type Sized, SizedStore } from './sized-store.js';

/**
 * A Map that forgets its least recently used entries beyond a size measured by `sizeOf`
 * (1 per entry by default), so what a request can add (a filter value, an article) cannot grow
 * it without limit.
 */
export class BoundedMap<K, V> extends SizedStore<K, V, Sized<V>> {
  get(key: K): V | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    // A Map iterates in insertion order: re-inserting makes this the most recently used.
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value, key);
    if (size > this.limit) return;
    this.add(key, { value, size });
    for (const oldest of this.entries.keys()) {
      if (this.total <= this.limit) break;
      this.delete(oldest);
    }
  }
}
