import type { ContentReadClient, ListPage } from '@content-read/core';
import { describe, expect, it } from 'vitest';
import { readPagesConsistently } from '../../src/build/listing-pages.js';

type Item = { id: string };

function page(n: number, ids: string[], total: number): ListPage<Item> {
  return {
    key: `/api/v1/articles?page=${n}`,
    page: n,
    meta: { page: n, per_page: 2, total, total_pages: 2 },
    notModified: false,
    items: ids.map((id) => ({ id })),
    ids,
    invalid: [],
  } as ListPage<Item>;
}

/** A client whose pages() yields the given attempts' pages in order, logging each yield. */
function fakeClient(attempts: ListPage<Item>[][], log: string[]): ContentReadClient {
  let attempt = 0;
  return {
    pages: async function* () {
      const pages = attempts[Math.min(attempt++, attempts.length - 1)] ?? [];
      for (const p of pages) {
        log.push(`yield ${p.page}`);
        yield p;
      }
      log.push('end');
    },
  } as unknown as ContentReadClient;
}

const outcome = (log: string[]) => async (p: ListPage<Item>) => {
  log.push(`page ${p.page}`);
  return { key: p.key, page: p.page, ids: p.ids, meta: p.meta };
};

describe('readPagesConsistently', () => {
  it('hands each page over as it arrives, and returns the outcomes in page order', async () => {
    const log: string[] = [];
    const client = fakeClient([[page(2, ['c'], 3), page(1, ['a', 'b'], 3)]], log);
    const out = await readPagesConsistently(client, 'articles', { previous: {} }, outcome(log));
    expect(log).toEqual(['yield 2', 'page 2', 'yield 1', 'page 1', 'end']);
    expect(out.map((o) => o.page)).toEqual([1, 2]);
  });

  it('reads the listing again when the pages do not add up', async () => {
    const log: string[] = [];
    const shifted = [page(1, ['a', 'b'], 3), page(2, ['b'], 3)]; // 'b' moved to page 2 meanwhile
    const settled = [page(1, ['a', 'b'], 3), page(2, ['c'], 3)];
    const client = fakeClient([shifted, settled], log);
    const out = await readPagesConsistently(client, 'articles', { previous: {} }, outcome(log));
    expect(out.flatMap((o) => o.ids)).toEqual(['a', 'b', 'c']);
    expect(log.filter((l) => l === 'end')).toHaveLength(2);
  });

  it('gives up with a ListingChangedError after three inconsistent readings', async () => {
    const client = fakeClient([[page(1, ['a', 'b'], 5)]], []);
    await expect(
      readPagesConsistently(client, 'articles', { previous: {} }, outcome([])),
    ).rejects.toMatchObject({
      name: 'ListingChangedError',
      attempts: 3,
      message: expect.stringContaining('meta.total is 5 but the pages held 2 distinct ids'),
    });
  });
});
