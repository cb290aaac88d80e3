import { HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { type HeldPage, ListingChangedError, ValidationError } from '../../src/index.js';
import { article, BASE, blog, caught, mswClient, mswServer } from '../helpers.js';

const server = mswServer();

/** An articles endpoint answering a1 alone, under this `meta`, to every request. */
function oneArticleWith(meta: Record<string, number>) {
  return http.get(`${BASE}/articles`, () => HttpResponse.json({ data: [article('a1')], meta }));
}

/** A paged articles endpoint over `ids`, with the full envelope, ETags and Link headers. */
function envelopeHandler(
  ids: () => string[],
  seen: string[] = [],
  options: { etag?: boolean } = {},
) {
  return http.get(`${BASE}/articles`, ({ request }) => {
    const url = new URL(request.url);
    seen.push(url.pathname + url.search);
    const page = Number(url.searchParams.get('page') ?? '1');
    const perPage = Number(url.searchParams.get('per_page') ?? '100');
    const all = ids();
    const totalPages = Math.ceil(all.length / perPage);
    const data = all.slice((page - 1) * perPage, page * perPage).map((id) => article(id));
    const etag = `"p${page}-${data.map((a) => a.id).join('.')}-${all.length}"`;
    if (options.etag && request.headers.get('if-none-match') === etag) {
      return new HttpResponse(null, { status: 304, headers: { etag } });
    }
    return HttpResponse.json(
      { data, meta: { page, per_page: perPage, total: all.length, total_pages: totalPages } },
      { headers: options.etag ? { etag } : {} },
    );
  });
}

const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `a${String(i + 1).padStart(3, '0')}`);

describe('tolerant reader', () => {
  test('a bare array is one page', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${BASE}/blogs`, ({ request }) => {
        seen.push(request.url);
        return HttpResponse.json([blog('b1'), blog('b2')]);
      }),
    );
    const blogs = await mswClient().listBlogs();
    expect(blogs.map((b) => b.id)).toEqual(['b1', 'b2']);
    expect(seen).toHaveLength(1);
  });

  test('{ data } without meta and without Link is one page', async () => {
    server.use(http.get(`${BASE}/blogs`, () => HttpResponse.json({ data: [blog('b1')] })));
    expect((await mswClient().listBlogs()).map((b) => b.id)).toEqual(['b1']);
  });

  test('{ data } without meta follows Link rel="next" until it ends', async () => {
    const chain: Record<string, { data: unknown[]; next?: string }> = {
      '1': { data: [article('a1')], next: '/api/v1/articles?cursor=2' },
      '2': { data: [article('a2')], next: `${BASE}/articles?cursor=3` },
      '3': { data: [article('a3')] },
    };
    server.use(
      http.get(`${BASE}/articles`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor') ?? '1';
        const entry = chain[cursor];
        const link = entry?.next
          ? `<${entry.next}>; rel="next", </api/v1/articles?cursor=3>; rel="last"`
          : '';
        return HttpResponse.json({ data: entry?.data ?? [] }, { headers: link ? { link } : {} });
      }),
    );
    const client = mswClient();
    expect((await client.listArticles()).map((a) => a.id)).toEqual(['a1', 'a2', 'a3']);
    const pages = [];
    for await (const p of client.pages('articles')) pages.push(p);
    expect(pages.map((p) => [p.page, p.key])).toEqual([
      [1, '/api/v1/articles?format=json&per_page=100&page=1'],
      [2, '/api/v1/articles?cursor=2'],
      [3, '/api/v1/articles?cursor=3'],
    ]);
    expect(pages[0]?.next).toBe(`${BASE}/articles?cursor=2`);
  });

  test('a Link chain that loops back stops instead of spinning', async () => {
    server.use(
      http.get(`${BASE}/articles`, () =>
        HttpResponse.json(
          { data: [article('a1')] },
          { headers: { link: '</api/v1/articles?format=json&per_page=100&page=1>; rel="next"' } },
        ),
      ),
    );
    expect((await mswClient().listArticles()).map((a) => a.id)).toEqual(['a1']);
  });

  test('a Link rel="next" to another origin is refused, the key is not sent there', async () => {
    let foreign = 0;
    server.use(
      http.get(`${BASE}/articles`, () =>
        HttpResponse.json(
          { data: [article('a1')] },
          { headers: { link: '<https://evil.test/api/v1/articles?page=2>; rel="next"' } },
        ),
      ),
      http.get('https://evil.test/*', () => {
        foreign++;
        return HttpResponse.json({ data: [] });
      }),
    );
    const error = await caught(() => mswClient().listArticles());
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain('another origin');
    expect(foreign).toBe(0);
  });

  test('the full envelope fetches remaining pages concurrently, bounded by concurrency', async () => {
    let inFlight = 0;
    let peak = 0;
    const all = ids(45);
    server.use(
      http.get(`${BASE}/articles`, async ({ request }) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        const url = new URL(request.url);
        const page = Number(url.searchParams.get('page'));
        const data = all.slice((page - 1) * 5, page * 5).map((id) => article(id));
        return HttpResponse.json({ data, meta: { page, per_page: 5, total: 45, total_pages: 9 } });
      }),
    );
    const client = mswClient({ concurrency: 3, perPage: 5 });
    const got = await client.listArticles();
    expect(got.map((a) => a.id)).toEqual(all);
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(3);
  });

  test('concurrency bounds all requests of a client, across parallel listings', async () => {
    let inFlight = 0;
    let peak = 0;
    server.use(
      http.get(`${BASE}/:resource`, async ({ request }) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        const page = Number(new URL(request.url).searchParams.get('page'));
        const item = request.url.includes('/blogs') ? blog(`b${page}`) : article(`a${page}`);
        return HttpResponse.json({
          data: [item],
          meta: { page, per_page: 1, total: 4, total_pages: 4 },
        });
      }),
    );
    const client = mswClient({ concurrency: 2, perPage: 1 });
    await Promise.all([
      client.listBlogs(),
      client.listArticles(),
      client.listArticles({ blog: 'b1' }),
    ]);
    expect(peak).toBe(2);
  });

  test('pages() yields every page once with page numbers, keys and meta', async () => {
    const seen: string[] = [];
    server.use(envelopeHandler(() => ids(12), seen));
    const pages = [];
    for await (const p of mswClient({ perPage: 5 }).pages('articles', { blog: 'b1' }))
      pages.push(p);
    expect(pages.map((p) => p.page).sort()).toEqual([1, 2, 3]);
    expect(seen.sort()).toEqual([
      '/api/v1/articles?format=json&blog=b1&per_page=5&page=1',
      '/api/v1/articles?format=json&blog=b1&per_page=5&page=2',
      '/api/v1/articles?format=json&blog=b1&per_page=5&page=3',
    ]);
    expect(pages[0]?.meta).toMatchObject({ total: 12, total_pages: 3 });
  });

  test('an absurd meta.total_pages is refused instead of scheduling a billion requests', async () => {
    server.use(oneArticleWith({ page: 1, per_page: 1, total: 1e9, total_pages: 1e9 }));
    const error = (await caught(() => mswClient().listArticles())) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues[0]?.field).toBe('meta.total_pages');
  });

  test('an empty listing is one empty page', async () => {
    server.use(envelopeHandler(() => []));
    const listing = await mswClient().list('articles');
    expect(listing.ids).toEqual([]);
    expect(listing.pages).toHaveLength(1);
  });

  test('unknown fields are kept and an unfamiliar meta is ignored', async () => {
    server.use(
      http.get(`${BASE}/blogs`, () =>
        HttpResponse.json({
          data: [blog('b1', { theme: 'dark' })],
          meta: { count: 1 },
          extra: true,
        }),
      ),
    );
    const [first] = await mswClient().listBlogs();
    expect(first).toMatchObject({ id: 'b1', theme: 'dark' });
  });
});

describe('consistency of the union', () => {
  test('content changing between pages re-lists, then succeeds', async () => {
    let calls = 0;
    const seen: string[] = [];
    // First pass: page 2 sees an extra item inserted (duplicate shifts in); then stable.
    server.use(
      envelopeHandler(() => {
        calls++;
        return calls === 2 ? ['a000', ...ids(9)] : ids(9);
      }, seen),
    );
    const listing = await mswClient({ perPage: 5, concurrency: 1 }).list('articles');
    expect(listing.attempts).toBe(2);
    expect(listing.ids).toEqual(ids(9));
  });

  test('content that keeps changing ends in ListingChangedError after maxListingAttempts', async () => {
    let calls = 0;
    server.use(
      envelopeHandler(() => {
        calls++;
        // page 1 always sees one more item than the other pages
        return calls % 2 === 1 ? ids(10) : ids(9);
      }),
    );
    const error = await caught(() =>
      mswClient({ perPage: 5, concurrency: 1, maxListingAttempts: 2 }).list('articles'),
    );
    expect(error).toBeInstanceOf(ListingChangedError);
    expect((error as ListingChangedError).attempts).toBe(2);
    expect((error as ListingChangedError).message).toMatch(/changed while it was read/);
    expect(calls).toBe(4);
  });

  test('meta.total larger than what the pages hold is detected', async () => {
    server.use(oneArticleWith({ page: 1, per_page: 100, total: 2, total_pages: 1 }));
    const error = await caught(() => mswClient({ maxListingAttempts: 1 }).listArticles());
    expect(error).toBeInstanceOf(ListingChangedError);
    expect((error as Error).message).toContain('meta.total is 2 but the pages held 1');
  });
});

describe('conditional requests', () => {
  test('held ETags are sent and 304 pages yield the held ids and meta', async () => {
    const all = ids(7);
    server.use(envelopeHandler(() => all, [], { etag: true }));
    const client = mswClient({ perPage: 5 });
    const first = await client.list('articles');
    expect(first.pages.every((p) => !p.notModified && p.etag)).toBe(true);
    const held: Record<string, HeldPage> = {};
    for (const p of first.pages) {
      held[p.key] = {
        etag: p.etag as string,
        ids: p.notModified ? p.ids : p.items.map((a) => a.id),
        meta: p.meta,
      };
    }
    const requests: Array<string | null> = [];
    server.events.on('request:start', ({ request }) => {
      requests.push(request.headers.get('if-none-match'));
    });
    const second = await client.list('articles', { previous: new Map(Object.entries(held)) });
    server.events.removeAllListeners();
    expect(second.pages.map((p) => p.notModified)).toEqual([true, true]);
    expect(second.ids).toEqual(all);
    expect(second.pages[0]?.meta).toMatchObject({ total: 7, total_pages: 2 });
    expect(requests.every((h) => h?.startsWith('"p'))).toBe(true);
  });

  test('a changed page comes back with items, unchanged ones as 304', async () => {
    const all = ids(7);
    server.use(envelopeHandler(() => all, [], { etag: true }));
    const client = mswClient({ perPage: 5 });
    const first = await client.list('articles');
    const p2 = first.pages[1];
    if (!p2 || p2.notModified) throw new Error('setup');
    const held = new Map<string, HeldPage>([
      [first.pages[0]?.key as string, { etag: '"stale"', ids: [], meta: undefined }],
      [p2.key, { etag: p2.etag as string, ids: p2.items.map((a) => a.id), meta: p2.meta }],
    ]);
    const second = await client.list('articles', { previous: held });
    expect(second.pages.map((p) => p.notModified)).toEqual([false, true]);
    expect(second.ids).toEqual(all);
  });

  test('held pages the caller reuses come back as not modified without a request', async () => {
    const all = ids(12);
    const seen: string[] = [];
    server.use(envelopeHandler(() => all, seen, { etag: true }));
    const client = mswClient({ perPage: 5 });
    const first = await client.list('articles');
    const held = new Map<string, HeldPage>();
    for (const p of first.pages) {
      const pageIds = p.notModified ? p.ids : p.items.map((a) => a.id);
      held.set(p.key, { etag: p.etag as string, ids: pageIds, meta: p.meta });
    }
    const page2 = first.pages[1]?.key as string;
    all[6] = 'a007-edited';
    seen.length = 0;
    const second = await client.list('articles', {
      previous: held,
      reuse: (key) => key !== page2,
    });
    expect(seen).toEqual([page2]);
    expect(second.pages.map((p) => p.notModified)).toEqual([true, false, true]);
    expect(second.ids).toEqual(all);
    expect(second.pages[2]?.meta).toMatchObject({ total: 12, total_pages: 3 });
  });
});

describe('the last items only (last)', () => {
  test('reads only the pages holding the newest items, after asking the total with a one-item page', async () => {
    const all = ids(23);
    const seen: string[] = [];
    server.use(envelopeHandler(() => all, seen));
    const listing = await mswClient({ perPage: 5 }).list('articles', { last: 7 });
    const asked = seen.map((path) => new URL(path, BASE).searchParams);
    expect(asked.map((q) => [q.get('per_page'), q.get('page')])).toEqual([
      ['1', '1'],
      ['5', '4'],
      ['5', '5'],
    ]);
    // Whole pages: the 7 newest start on page 4 (items 16-20), so 8 come back.
    expect(listing.ids).toEqual(all.slice(15));
  });

  test('more than the listing holds reads it whole', async () => {
    const all = ids(8);
    server.use(envelopeHandler(() => all));
    const listing = await mswClient({ perPage: 5 }).list('articles', { last: 100 });
    expect(listing.ids).toEqual(all);
  });

  test('a listing that grew while it was read is read again, and the pages add up', async () => {
    const all = ids(23);
    let reads = 0;
    server.use(
      envelopeHandler(() => {
        reads++;
        // The second page request of the first attempt sees one more article.
        if (reads === 3) all.push('a024');
        return all;
      }),
    );
    const listing = await mswClient({ perPage: 5 }).list('articles', { last: 7 });
    expect(listing.attempts).toBe(2);
    expect(listing.ids).toEqual(all.slice(15));
  });

  test('a listing that shrank below the first page to read, after its total was asked, is read again, never taken as empty', async () => {
    const all = ids(23);
    let reads = 0;
    server.use(
      envelopeHandler(() => {
        reads++;
        // Between the total and the pages of the first attempt, all but 3 articles go.
        if (reads === 2) all.splice(3);
        return all;
      }),
    );
    const listing = await mswClient({ perPage: 5 }).list('articles', { last: 7 });
    expect(listing.attempts).toBe(2);
    expect(listing.ids).toEqual(['a001', 'a002', 'a003']);
  });

  test('a server that pages by a size of its own, whatever per_page says, still gives at least the last items', async () => {
    const all = ids(47);
    const seen: string[] = [];
    server.use(
      http.get(`${BASE}/articles`, ({ request }) => {
        const url = new URL(request.url);
        seen.push(url.search);
        const page = Number(url.searchParams.get('page') ?? '1');
        const data = all.slice((page - 1) * 10, page * 10).map((id) => article(id));
        const meta = { page, per_page: 10, total: all.length, total_pages: 5 };
        return HttpResponse.json({ data, meta });
      }),
    );
    const listing = await mswClient({ perPage: 5 }).list('articles', { last: 12 });
    // The 12 newest start at item 36, on its page 4 of 10 (not page 8 of 5, past its last page).
    expect(listing.ids).toEqual(all.slice(30));
    expect(seen.map((search) => new URLSearchParams(search).get('page')).sort()).toEqual([
      '1',
      '4',
      '5',
    ]);
  });

  test('a listing that states no total is read whole', async () => {
    const all = ids(4);
    server.use(
      http.get(`${BASE}/articles`, () => HttpResponse.json({ data: all.map((id) => article(id)) })),
    );
    const listing = await mswClient().list('articles', { last: 2 });
    expect(listing.ids).toEqual(all);
  });

  test.each([0, -1, 1.5, Number.NaN])('last: %s is refused, naming the option', async (last) => {
    const error = await caught(() => mswClient().list('articles', { last }));
    expect((error as Error).message).toContain(`last must be a whole number ≥ 1 (got ${last})`);
  });
});

describe('validation errors', () => {
  test('name the URL path, item index, id, field and problem', async () => {
    server.use(
      http.get(`${BASE}/articles`, () =>
        HttpResponse.json({
          data: [article('a1'), article('a2', { title: 42, feature_image: { url: 1 } })],
        }),
      ),
    );
    const error = (await caught(() => mswClient().listArticles())) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.path).toBe('/api/v1/articles?format=json&per_page=100&page=1');
    expect(error.message).toContain('item 1 (id "a2")');
    expect(error.message).toContain('field "title"');
    expect(error.message).toMatch(/expected string/);
    expect(error.issues).toContainEqual(
      expect.objectContaining({ index: 1, id: 'a2', field: 'feature_image.url' }),
    );
  });

  test('a body that is neither array nor envelope is a ValidationError', async () => {
    server.use(http.get(`${BASE}/blogs`, () => HttpResponse.json({ items: [] })));
    const error = (await caught(() => mswClient().listBlogs())) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues[0]?.field).toBe('(body)');
  });

  test('HTML instead of JSON says so and points at baseUrl', async () => {
    server.use(http.get(`${BASE}/blogs`, () => HttpResponse.html('<html>login</html>')));
    const error = (await caught(() => mswClient().listBlogs())) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain('not JSON');
    expect(error.issues[0]?.problem).toContain('text/html');
  });

  test('discovery is validated and sends no key', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.get(BASE, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({
          name: 'Content Read API',
          version: 'v1',
          resources: [{ name: 'blogs', href: '/api/v1/blogs', auth: 'bearer' }],
          more: 1,
        });
      }),
    );
    const discovery = await mswClient().discover();
    expect(discovery.version).toBe('v1');
    expect(discovery).toHaveProperty('more', 1);
    expect(auth).toBeNull();
    server.use(http.get(BASE, () => HttpResponse.json({ name: 'x' })));
    const error = (await caught(() => mswClient().discover())) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.path).toBe('/api/v1');
    expect(error.issues.map((i) => i.field)).toContain('version');
  });
});
