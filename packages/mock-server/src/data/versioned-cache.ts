/**
 * Values derived from the store's data (sorted lists, the key index, scopes, serialised list
 * pages), kept until the store's `version` changes. Every change bumps the version, so this one
 * rule decides when anything cached is dropped; nothing has to be cleared by hand.
 */
export class VersionedCache<K, V> {
  #version = -1;
  readonly #values = new Map<K, V>();

  constructor(
    private readonly currentVersion: () => number,
    /** At most this many values; the cache starts afresh when full. */
    private readonly limit = Number.POSITIVE_INFINITY,
  ) {}

  get(key: K, make: () => V): V {
    const version = this.currentVersion();
    if (version !== this.#version || this.#values.size >= this.limit) {
      this.#values.clear();
      this.#version = version;
    }
    let value = this.#values.get(key);
    if (value === undefined) {
      value = make();
      this.#values.set(key, value);
    }
    return value;
  }
}
