// The mock's own demo images, /images/<seed>/<w>x<h>.png: real PNGs of the asked size, the same
// bytes every time, public and immutable, and never counted as API requests.
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { imageUrlsOf, pixel, readPng } from '../images.js';
import { FULL, useServer } from '../support.js';

const server = useServer();
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

interface ListedArticle {
  id: string;
  html: string;
  feature_image: { url: string; width: number | null; height: number | null } | null;
}

describe('GET /images/<seed>/<w>x<h>.png', () => {
  it.each([
    [1, 1],
    [7, 3],
    [960, 540],
    [1600, 1600],
  ])(
    'answers a valid %ix%i PNG: 8-bit RGB, filter 0 rows, the inflated IDAT h*(1+3w) bytes',
    async (w, h) => {
      const res = await server().get(`/images/some-seed/${w}x${h}.png`);
      expect(res.status).toBe(200);
      const bytes = await bytesOf(res);
      const png = readPng(bytes);
      expect(png).toMatchObject({ width: w, height: h, bitDepth: 8, colourType: 2, interlace: 0 });
      expect(png.chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
      expect(png.scanlines.length).toBe(h * (1 + 3 * w));
      for (let y = 0; y < h; y++) expect(png.scanlines[y * (1 + 3 * w)]).toBe(0);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    },
  );

  it('draws a diagonal gradient between two colours', async () => {
    const png = readPng(await bytesOf(await server().get('/images/gradient/40x20.png')));
    const [first, last] = [pixel(png, 0, 0), pixel(png, 39, 19)];
    expect(first).not.toEqual(last);
    // Along a diagonal (x + y fixed) the colour is the same.
    expect(pixel(png, 10, 5)).toEqual(pixel(png, 5, 10));
    expect(pixel(png, 39, 0)).toEqual(pixel(png, 20, 19));
  });

  it('gives the same bytes for the same seed and size, in any server; other seeds differ', async () => {
    const a = await bytesOf(await server().get('/images/same/64x32.png'));
    const again = await bytesOf(await server().get('/images/same/64x32.png'));
    const fresh = createMockServer();
    const elsewhere = await bytesOf(
      await fresh.handle(new Request('http://elsewhere.test/images/same/64x32.png')),
    );
    expect(again).toEqual(a);
    expect(elsewhere).toEqual(a);
    const other = readPng(await bytesOf(await server().get('/images/other/64x32.png')));
    expect(pixel(other, 0, 0)).not.toEqual(pixel(readPng(a), 0, 0));
    expect(pixel(other, 63, 31)).not.toEqual(pixel(readPng(a), 63, 31));
  });

  it('answers 304 to a matching If-None-Match, with the ETag and no body', async () => {
    const first = await server().get('/images/cached/20x20.png');
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    const again = await server().get('/images/cached/20x20.png', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const other = await server().get('/images/cached/20x20.png', {
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });

  it('HEAD: the GET headers, no body', async () => {
    const get = await server().get('/images/head/30x10.png');
    const length = (await bytesOf(get)).length;
    const head = await server().get('/images/head/30x10.png', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(length));
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(await head.text()).toBe('');
  });

  it.each([
    '/images/seed/0x0.png',
    '/images/seed/0x10.png',
    '/images/seed/1601x10.png',
    '/images/seed/10x1601.png',
    '/images/seed/010x10.png',
    '/images/seed/10x10',
    '/images/seed/10x10.jpg',
    '/images/seed/10x10.png/more',
    '/images/Seed/10x10.png',
    '/images/a_b/10x10.png',
    `/images/${'a'.repeat(65)}/10x10.png`,
    '/images//10x10.png',
    '/images/seed',
  ])('%s: 404 with a one-line JSON error giving the form', async (path) => {
    const res = await server().get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await res.text();
    expect(text).not.toContain('\n');
    const body = JSON.parse(text) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('/images/<seed>/<w>x<h>.png');
    expect(body.error.message).toContain('1..1600');
  });

  it('a seed of 64 characters is fine; a query is ignored', async () => {
    expect((await server().get(`/images/${'a'.repeat(64)}/2x2.png`)).status).toBe(200);
    const withQuery = await server().get('/images/seed/2x2.png?v=1');
    expect(withQuery.status).toBe(200);
    await withQuery.arrayBuffer();
  });

  it('other methods: 405 with Allow: GET, HEAD', async () => {
    const res = await server().get('/images/seed/2x2.png', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    await res.arrayBuffer();
  });

  it('needs no key, and a key changes nothing', async () => {
    const without = await bytesOf(await server().get('/images/public/8x8.png'));
    const withKey = await server().get('/images/public/8x8.png', { key: 'not-a-key' });
    expect(withKey.status).toBe(200);
    expect(await bytesOf(withKey)).toEqual(without);
  });

  it('image requests are listed in imageRequests, not in requests or stats; resetStats clears both', async () => {
    const { get, server: mock } = server();
    mock.resetStats();
    await (await get('/images/counted/4x4.png')).arrayBuffer();
    await (await get('/images/counted/4x4.png', { method: 'HEAD' })).arrayBuffer();
    await (await get('/images/bad/0x0.png')).arrayBuffer();
    await (await get('/api/v1')).arrayBuffer();
    expect(mock.imageRequests).toEqual([
      '/images/counted/4x4.png',
      '/images/counted/4x4.png',
      '/images/bad/0x0.png',
    ]);
    expect(mock.requests.map((r) => r.path)).toEqual(['/api/v1']);
    expect(mock.stats.requests).toBe(1);
    mock.resetStats();
    expect(mock.imageRequests).toEqual([]);
    expect(mock.requests).toEqual([]);
  });

  it('handle() answers exactly what the node:http face sends', async () => {
    const { get, origin, server: mock } = server();
    for (const [path, init] of [
      ['/images/faces/33x21.png', {}],
      ['/images/faces/33x21.png', { method: 'HEAD' }],
      ['/images/faces/0x21.png', {}],
    ] as const) {
      const overHttp = await get(path, init);
      const inProcess = await mock.handle(new Request(`${origin}${path}`, init));
      expect(inProcess.status).toBe(overHttp.status);
      for (const name of ['etag', 'cache-control', 'content-type', 'content-length'])
        expect([name, inProcess.headers.get(name)]).toEqual([name, overHttp.headers.get(name)]);
      expect(await bytesOf(inProcess)).toEqual(await bytesOf(overHttp));
    }
  });
});

describe('the built-in dataset shows the mock’s own images', () => {
  it('after listen(), bodies and feature images name the server’s origin; each answers its PNG', async () => {
    const { get, origin, server: mock } = server();
    expect(mock.origin).toBe(origin);
    const res = await get('/api/v1/articles?per_page=100', { key: FULL });
    const text = await res.text();
    expect(text).not.toContain('content-read-mock.invalid');
    const articles = (JSON.parse(text) as { data: ListedArticle[] }).data;
    const urls = articles.flatMap(imageUrlsOf);
    const features = articles.flatMap((a) => (a.feature_image ? [a.feature_image] : []));
    expect(features.length).toBeGreaterThan(20);
    expect(urls.length).toBeGreaterThan(features.length);
    for (const f of features) {
      expect(f.url).toMatch(new RegExp(`^${origin}/images/[a-z0-9-]{1,64}/1200x630\\.png$`));
      expect([f.width, f.height]).toEqual([1200, 630]);
    }
    const inBodies = urls.filter((u) => !features.some((f) => f.url === u));
    for (const url of inBodies)
      expect(url).toMatch(new RegExp(`^${origin}/images/[a-z0-9-]{1,64}/960x540\\.png$`));

    mock.resetStats();
    for (const url of new Set(urls)) {
      const image = await fetch(url, { method: 'HEAD' });
      expect([url, image.status, image.headers.get('content-type')]).toEqual([
        url,
        200,
        'image/png',
      ]);
    }
    // Two drawn in full: their sizes are the ones named.
    for (const url of [features[0]?.url ?? '', inBodies[0] ?? '']) {
      const png = readPng(await bytesOf(await fetch(url)));
      const [, w, h] = /(\d+)x(\d+)\.png$/.exec(url) ?? [];
      expect([png.width, png.height]).toEqual([Number(w), Number(h)]);
    }
    expect(mock.stats.requests).toBe(0);
    expect(mock.imageRequests).toHaveLength(new Set(urls).size + 2);
  });
});
