import { inspect } from 'node:util';
import { HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import {
  ConfigurationError,
  type HeldPage,
  type InvalidItem,
  ListingChangedError,
  ValidationError,
} from '../../src/index.js';
import { article, BASE, caught, KEY, mswClient, mswServer } from '../helpers.js';

const server = mswServer();

/**
 * Two pages of two articles; a3 (page 2) has a numeric title. meta.total counts it, as a
 * server does. ETags let a second listing come back as 304s.
 */
function pagedWithBadItem(bad: Record<string, unknown> = { title: 42 }) {
  const pages: Record<string, unknown[]> = {
    '1': [article('a1'), article('a2')],
    '2': [article('a3', bad), article('a4')],
  };
  return http.get(`${BASE}/articles`, ({ request }) => {
    const page = new URL(request.url).searchParams.get('page') ?? '1';
    const etag = `"p${page}"`;
    if (request.headers.get('if-none-match') === etag) {
      return new HttpResponse(null, { status: 304, headers: { etag } });
    }
    return HttpResponse.json(
      {
        data: pages[page] ?? [],
        meta: { page: Number(page), per_page: 2, total: 4, total_pages: 2 },
      },
      { headers: { etag } },
    );
  });
}

describe("invalidItems: 'skip'", () => {
  test("by default ('fail') one invalid item rejects its page with a ValidationError", async () => {
    server.use(pagedWithBadItem());
    const error = await caught(() => mswClient().list('articles', { perPage: 2 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]).toMatchObject({
      index: 0,
      id: 'a3',
      field: 'title',
    });
  });

  test('leaves the item out, reports it, and still counts its id toward meta.total', async () => {
    server.use(pagedWithBadItem());
    const seen: InvalidItem[] = [];
    const client = mswClient({ invalidItems: 'skip', onInvalidItem: (i) => seen.push(i) });
    const listing = await client.list('articles', { perPage: 2 });
    expect(listing.attempts).toBe(1);
    expect(listing.ids).toEqual(['a1', 'a2', 'a3', 'a4']);
    const items = listing.pages.flatMap((p) => (p.notModified ? [] : p.items.map((a) => a.id)));
    expect(items).toEqual(['a1', 'a2', 'a4']);
    const page2 = listing.pages[1];
    if (!page2 || page2.notModified) throw new Error('expected page 2 with a body');
    expect(page2.ids).toEqual(['a3', 'a4']);
    const expected = {
      path: '/api/v1/articles?format=json&per_page=2&page=2',
      index: 0,
      id: 'a3',
      field: 'title',
      problem: expect.stringContaining('string'),
    };
    expect(page2.invalid).toEqual([expect.objectContaining(expected)]);
    expect(listing.pages[0]?.notModified === false && listing.pages[0].invalid).toEqual([]);
    expect(seen).toEqual([expect.objectContaining(expected)]);
    expect(seen[0]?.issues[0]).toMatchObject({ index: 0, id: 'a3', field: 'title' });
  });

  test('the per-call option overrides the client option, both ways', async () => {
    server.use(pagedWithBadItem());
    const skipping = await mswClient().list('articles', { perPage: 2, invalidItems: 'skip' });
    expect(skipping.ids).toHaveLength(4);
    const failing = () =>
      mswClient({ invalidItems: 'skip' }).list('articles', { perPage: 2, invalidItems: 'fail' });
    expect(await caught(failing)).toBeInstanceOf(ValidationError);
  });

  test('held ids of a skipped item keep a 304 listing consistent', async () => {
    server.use(pagedWithBadItem());
    const client = mswClient({ invalidItems: 'skip' });
    const first = await client.list('articles', { perPage: 2 });
    const held = new Map<string, HeldPage>();
    for (const p of first.pages)
      if (p.etag) held.set(p.key, { etag: p.etag, ids: p.ids, meta: p.meta });
    const again = await client.list('articles', { perPage: 2, previous: held });
    expect(again.pages.every((p) => p.notModified)).toBe(true);
    expect(again.ids).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  test('an invalid item without a readable id cannot be skipped: the page fails', async () => {
    server.use(pagedWithBadItem({ id: null }));
    const error = await caught(() =>
      mswClient({ invalidItems: 'skip' }).list('articles', { perPage: 2 }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]).toMatchObject({ index: 0, field: 'id' });
  });

  test('a skipped item still counts: a page that really lost an item is a changed listing', async () => {
    // The server says 3 but holds 2 (one of them invalid): skipping must not hide that.
    server.use(
      http.get(`${BASE}/articles`, () =>
        HttpResponse.json({
          data: [article('a1'), article('a2', { reading_time: 'x' })],
          meta: { page: 1, per_page: 100, total: 3, total_pages: 1 },
        }),
      ),
    );
    const error = await caught(() =>
      mswClient({ invalidItems: 'skip', maxListingAttempts: 2 }).list('articles'),
    );
    expect(error).toBeInstanceOf(ListingChangedError);
    expect((error as Error).message).toContain('meta.total is 3 but the pages held 2 distinct ids');
  });

  test('the report never holds the key, and a throwing observer breaks nothing', async () => {
    server.use(
      http.get(`${BASE}/articles`, () =>
        HttpResponse.json([article(`x-${KEY}`, { title: KEY.length }), article('a2')]),
      ),
    );
    const seen: InvalidItem[] = [];
    const client = mswClient({
      invalidItems: 'skip',
      onInvalidItem: (i) => {
        seen.push(i);
        throw new Error('observer bug');
      },
    });
    const articles = await client.listArticles();
    expect(articles.map((a) => a.id)).toEqual(['a2']);
    expect(seen).toHaveLength(1);
    expect(inspect(seen, { depth: 8 })).not.toContain(KEY);
    expect(JSON.stringify(seen)).not.toContain(KEY);
  });

  test('an unknown mode is a ConfigurationError before any request', async () => {
    expect(() => mswClient({ invalidItems: 'ignore' as 'skip' })).toThrow(ConfigurationError);
    const client = mswClient();
    expect(() => client.pages('articles', { invalidItems: 'drop' as 'skip' })).toThrow(
      ConfigurationError,
    );
  });
});
