// The listing pipeline every caller shares: list(), the loader's page-by-page sync, its live cache.
import { HttpResponse, http } from 'msw';
import { describe, expect, expectTypeOf, test } from 'vitest';
import type { Article, ListPage } from '../../src/index.js';
import { readListing } from '../../src/listing/listing.js';
import { article, BASE, mswClient, mswServer } from '../helpers.js';

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
  };
}

/** A source whose reads yield the given attempts' pages in order, logging each yield. */
function source(attempts: ListPage<Item>[][], log: string[]) {
  let attempt = 0;
  return {
    attempts: 3,
    path: '/api/v1/articles',
    read: async function* () {
      const pages = attempts[Math.min(attempt++, attempts.length - 1)] ?? [];
      for (const p of pages) {
        log.push(`yield ${p.page}`);
        yield p;
      }
      log.push('end');
    },
  };
}

const onPage = (log: string[]) => async (p: ListPage<Item>) => {
  log.push(`page ${p.page}`);
  return { n: p.page, ids: p.ids };
};

describe('readListing', () => {
  test('hands each page over as it arrives, and returns the results in page order', async () => {
    const log: string[] = [];
    const listing = await readListing(
      source([[page(2, ['c'], 3), page(1, ['a', 'b'], 3)]], log),
      onPage(log),
    );
    expect(log).toEqual(['yield 2', 'page 2', 'yield 1', 'page 1', 'end']);
    expect(listing.pages.map((p) => p.n)).toEqual([1, 2]);
    expect(listing.ids).toEqual(['a', 'b', 'c']);
  });

  test('hands the next page over before the last one is made, up to 4 at work', async () => {
    const log: string[] = [];
    const ids = Array.from({ length: 6 }, (_, i) => `id${i + 1}`);
    const pages = ids.map((id, i) => ({
      ...page(i + 1, [id], 6),
      meta: { page: i + 1, per_page: 1, total: 6, total_pages: 6 },
    }));
    const finish: Array<() => void> = [];
    const listing = readListing(source([pages], log), (p) => {
      log.push(`page ${p.page}`);
      return new Promise<number>((done) => finish.push(() => done(p.page)));
    });
    await new Promise((done) => setTimeout(done, 0));
    // Pages 1 to 4 are at work, none made yet: page 5 waits for page 1.
    expect(log).toEqual([
      'yield 1',
      'page 1',
      'yield 2',
      'page 2',
      'yield 3',
      'page 3',
      'yield 4',
      'page 4',
    ]);
    finish[0]?.();
    await new Promise((done) => setTimeout(done, 0));
    expect(log.slice(8)).toEqual(['yield 5', 'page 5']);
    for (const done of finish.slice(1)) done();
    await new Promise((done) => setTimeout(done, 0));
    for (const done of finish.slice(5)) done();
    expect((await listing).pages).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('fails with the first failing page in the order they were handed over, not the first to fail', async () => {
    const log: string[] = [];
    const pages = [1, 2, 3].map((n) => ({
      ...page(n, [`id${n}`], 3),
      meta: { page: n, per_page: 1, total: 3, total_pages: 3 },
    }));
    const failing = readListing(source([pages], log), async (p) => {
      log.push(`page ${p.page}`);
      // Page 2 fails at once, page 1 later: page 1's error is the listing's.
      if (p.page === 2) throw new Error('page 2 is bad');
      if (p.page === 1) {
        await new Promise((done) => setTimeout(done, 5));
        throw new Error('page 1 is bad');
      }
      return p.page;
    });
    await expect(failing).rejects.toThrow('page 1 is bad');
  });

  test('reads the listing again when the pages do not add up', async () => {
    const log: string[] = [];
    const shifted = [page(1, ['a', 'b'], 3), page(2, ['b'], 3)]; // 'b' moved to page 2 meanwhile
    const settled = [page(1, ['a', 'b'], 3), page(2, ['c'], 3)];
    const listing = await readListing(source([shifted, settled], log), onPage(log));
    expect(listing.pages.flatMap((p) => p.ids)).toEqual(['a', 'b', 'c']);
    expect(listing.attempts).toBe(2);
    expect(log.filter((l) => l === 'end')).toHaveLength(2);
  });

  test('gives up with a ListingChangedError after the last attempt', async () => {
    await expect(
      readListing(source([[page(1, ['a', 'b'], 5)]], []), onPage([])),
    ).rejects.toMatchObject({
      name: 'ListingChangedError',
      attempts: 3,
      path: '/api/v1/articles',
      message: expect.stringContaining('meta.total is 5 but the pages held 2 distinct ids'),
    });
  });
});

describe('client.list with onPage', () => {
  const server = mswServer();

  test('is typed per resource, and pages holds what onPage made, in page order', async () => {
    server.use(
      http.get(`${BASE}/articles`, ({ request }) => {
        const n = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json({
          data: [article(`a${n}`)],
          meta: { page: n, per_page: 1, total: 3, total_pages: 3 },
        });
      }),
    );
    const listing = await mswClient({ perPage: 1 }).list('articles', {
      onPage: (p) => {
        expectTypeOf(p).toEqualTypeOf<ListPage<Article>>();
        return p.notModified ? [] : p.items.map((a) => a.title);
      },
    });
    expectTypeOf(listing.pages).toEqualTypeOf<string[][]>();
    expect(listing.pages).toEqual([['Article a1'], ['Article a2'], ['Article a3']]);
    expect(listing.ids).toEqual(['a1', 'a2', 'a3']);
  });
});
