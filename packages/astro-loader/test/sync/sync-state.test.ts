import type { MetaStore } from 'astro/loaders';
import { describe, expect, it } from 'vitest';
import {
  readState,
  type SyncState,
  usablePages,
  writeState,
} from '../../src/build-time/sync/sync-state.js';

function memoryMeta(): MetaStore & { sets: number } {
  const map = new Map<string, string>();
  return {
    sets: 0,
    get: (k) => map.get(k),
    set(k, v) {
      this.sets++;
      map.set(k, v);
    },
    has: (k) => map.has(k),
    delete: (k) => void map.delete(k),
  };
}

const state: SyncState = {
  version: 'v1',
  pages: { '/api/v1/articles?page=1': { etag: '"e1"', ids: ['a', 'b'], kept: ['a'], skipped: 1 } },
};

describe('sync state', () => {
  it('round-trips through the meta store', () => {
    const meta = memoryMeta();
    writeState(meta, state);
    expect(readState(meta)).toEqual(state);
  });

  it("does not set (dirty Astro's store) when the state is unchanged", () => {
    const meta = memoryMeta();
    writeState(meta, state);
    expect(meta.sets).toBe(1);
    writeState(meta, structuredClone(state));
    expect(meta.sets).toBe(1);
    writeState(meta, { ...state, version: 'v2' });
    expect(meta.sets).toBe(2);
    expect(readState(meta)?.version).toBe('v2');
  });

  it('treats a corrupt state as none (a full sync)', () => {
    const meta = memoryMeta();
    meta.set('content-read-sync-state', '{not json');
    expect(readState(meta)).toBeUndefined();
  });

  it('offers the held ETags only for the same version and a store that still has the entries', () => {
    expect(usablePages(state, 'v1', () => true)).toBe(state.pages);
    expect(usablePages(state, 'v2', () => true)).toEqual({});
    expect(usablePages(state, 'v1', (id) => id !== 'a')).toEqual({});
    expect(usablePages(undefined, 'v1', () => true)).toEqual({});
  });
});
