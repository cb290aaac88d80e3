import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../src/shared/bounded-map.js';

describe('BoundedMap', () => {
  it('keeps at most its limit, dropping the least recently used', () => {
    const map = new BoundedMap<string, number>(3);
    for (const key of ['a', 'b', 'c']) map.set(key, 1);
    map.get('a');
    map.set('d', 1);
    expect([map.get('a'), map.get('b'), map.get('c'), map.get('d')]).toEqual([1, undefined, 1, 1]);
    for (let i = 0; i < 10_000; i++) map.set(`junk-${i}`, i);
    expect(map.size).toBe(3);
  });

  it('measures entries with sizeOf and refuses one larger than the limit', () => {
    const map = new BoundedMap<string, string>(10, (v) => v.length);
    map.set('a', 'xxxx');
    map.set('b', 'yyyyyy');
    expect(map.total).toBe(10);
    map.set('c', 'z');
    expect(map.get('a')).toBeUndefined();
    map.set('huge', 'x'.repeat(11));
    expect(map.get('huge')).toBeUndefined();
    expect(map.total).toBeLessThanOrEqual(10);
  });
});
