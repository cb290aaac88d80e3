import { describe, expect, it } from 'vitest';
import { SieveCache } from '../../src/server/live/sieve-cache.js';

const keys = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `k${from + i}`);

/** One request over `listing`, as the live loader makes it: claimed first, then read in order. */
function pass(cache: SieveCache<string, number>, listing: string[]) {
  cache.beginPass(listing);
  let hits = 0;
  for (const key of listing) {
    if (cache.get(key) !== undefined) hits++;
    else cache.set(key, 1);
  }
  return hits;
}

/** A cache measuring values by their length, outside any request's pass. */
function byLength(limit: number) {
  const cache = new SieveCache<string, string>(limit, (v) => v.length);
  cache.beginPass([]);
  return cache;
}

describe('SieveCache', () => {
  it('a listing larger than the bound still reuses as many entries as fit, request after request', () => {
    const cache = new SieveCache<string, number>(100);
    const listing = keys(150);
    expect(pass(cache, listing)).toBe(0);
    for (let request = 0; request < 5; request++) expect(pass(cache, listing)).toBe(100);
    expect(cache.size).toBe(100);
  });

  it('a listing that fits is reused whole', () => {
    const cache = new SieveCache<string, number>(100);
    pass(cache, keys(100));
    expect(pass(cache, keys(100))).toBe(100);
  });

  it('what another listing needs is evicted before what the request being served needs', () => {
    const cache = new SieveCache<string, number>(100);
    // Another blog's listing, read twice: its entries are visited, which plain SIEVE spares.
    pass(cache, keys(60, 1000));
    pass(cache, keys(60, 1000));
    pass(cache, keys(60));
    // The second listing took the other's place, and is reused whole.
    expect(pass(cache, keys(60))).toBe(60);
    expect(cache.size).toBe(100);
  });

  it('outside a pass it is SIEVE: a visited entry is spared once, the unvisited oldest goes', () => {
    const cache = new SieveCache<string, number>(3);
    cache.beginPass([]);
    for (const key of ['a', 'b', 'c']) cache.set(key, 1);
    cache.beginPass([]);
    cache.get('a');
    cache.set('d', 1);
    expect(['a', 'b', 'c', 'd'].map((k) => cache.get(k) !== undefined)).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });

  it('measures entries with sizeOf, never holds more than the bound, refuses one larger', () => {
    const cache = byLength(10);
    cache.set('a', 'xxxx');
    cache.set('b', 'yyyyyy');
    expect(cache.total).toBe(10);
    cache.beginPass([]);
    expect(cache.set('c', 'z')).toBe(true);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('huge', 'x'.repeat(11))).toBe(false);
    expect(cache.total).toBeLessThanOrEqual(10);
    for (let i = 0; i < 1000; i++) {
      cache.beginPass([]);
      cache.set(`junk-${i}`, 'abc');
    }
    expect(cache.total).toBeLessThanOrEqual(10);
  });

  it('replacing or deleting an entry keeps the count of bytes right', () => {
    const cache = byLength(100);
    cache.set('a', 'xxxx');
    cache.set('a', 'xx');
    expect(cache.total).toBe(2);
    cache.delete('a');
    expect([cache.total, cache.size]).toEqual([0, 0]);
  });
});
