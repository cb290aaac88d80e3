import type { MetaStore } from 'astro/loaders';
import { describe, expect, it } from 'vitest';
import { HeldItems } from '../../src/build-time/sync/held-items.js';

function memoryMeta(): MetaStore & { deletes: string[] } {
  const map = new Map<string, string>();
  const deletes: string[] = [];
  return {
    deletes,
    get: (k) => map.get(k),
    set: (k, v) => void map.set(k, v),
    has: (k) => map.has(k),
    delete: (k) => {
      deletes.push(k);
      map.delete(k);
    },
  };
}

describe('held items', () => {
  it('round-trips a page of items', () => {
    const held = new HeldItems<{ id: string }>(memoryMeta());
    held.write('/articles?page=1', [{ id: 'a' }]);
    expect(held.read('/articles?page=1')).toEqual([{ id: 'a' }]);
    expect(held.read('/articles?page=2')).toBeUndefined();
  });

  it("drops the copies of pages no longer listed, and deletes nothing that is not there (a delete marks Astro's store changed)", () => {
    const meta = memoryMeta();
    const held = new HeldItems<{ id: string }>(meta);
    held.write('p1', [{ id: 'a' }]);
    held.write('p2', [{ id: 'b' }]);
    held.keepOnly(new Set(['p1']), ['p1', 'p2', 'p3']);
    expect(held.read('p1')).toEqual([{ id: 'a' }]);
    expect(held.read('p2')).toBeUndefined();
    expect(meta.deletes).toEqual([`${HeldItems.PREFIX}p2`]);
    held.keepOnly(new Set(), ['p3', 'p4']);
    expect(meta.deletes).toHaveLength(1);
  });
});
