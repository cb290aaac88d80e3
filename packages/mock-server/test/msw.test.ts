// The msw face: the same behaviour in-process, sharing the server's dataset and stats.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../src/index.js';
import { createMswHandlers } from '../src/msw.js';
import { readPng } from './images.js';

const mock = createMockServer();
const msw = setupServer(...createMswHandlers(mock, { origin: 'https://api.content-read.test' }));
const base = 'https://api.content-read.test/api/v1';

beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }));
afterAll(() => msw.close());

describe('msw handlers', () => {
  it('serve discovery, lists, errors and 304 exactly as the HTTP server does', async () => {
    const counted = mock.stats.requests;
    expect((await fetch(base)).status).toBe(200);
    const res = await fetch(`${base}/articles?per_page=2`, {
      headers: { authorization: 'Bearer demo-full-access-key' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toContain('rel="next"');
    const etag = res.headers.get('etag') ?? '';
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(2);
    const again = await fetch(`${base}/articles?per_page=2`, {
      headers: { authorization: 'Bearer demo-full-access-key', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const denied = await fetch(`${base}/blogs`);
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toBe('Bearer realm="content-read"');
    expect(mock.stats.requests - counted).toBe(4);
  });

  it('mutations through the server are visible to msw requests', async () => {
    mock.setBlogPublic('blog_02', false);
    const res = await fetch(`${base}/blogs`, {
      headers: { authorization: 'Bearer demo-full-access-key' },
    });
    expect(((await res.json()) as { data: { id: string }[] }).data.map((b) => b.id)).toEqual([
      'blog_01',
      'blog_03',
    ]);
  });

  it('serve the mock’s images on the API origin, which the dataset names; not as API requests', async () => {
    const res = await fetch(`${base}/articles?per_page=20`, {
      headers: { authorization: 'Bearer demo-full-access-key' },
    });
    const { data } = (await res.json()) as { data: { feature_image: { url: string } | null }[] };
    const url = data.find((a) => a.feature_image !== null)?.feature_image?.url ?? '';
    expect(url).toMatch(/^https:\/\/api\.content-read\.test\/images\/[a-z0-9-]+\/1200x630\.png$/);
    const counted = mock.stats.requests;
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = readPng(new Uint8Array(await image.arrayBuffer()));
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect(mock.stats.requests).toBe(counted);
    expect(mock.imageRequests.at(-1)).toBe(new URL(url).pathname);
  });

  it('options make a fresh server; faults apply in-process too', async () => {
    const faulty = setupServer(
      ...createMswHandlers({ faults: { serverError: 1 } }, { origin: 'http://faulty.test' }),
    );
    msw.close();
    faulty.listen();
    try {
      expect((await fetch('http://faulty.test/api/v1')).status).toBe(500);
    } finally {
      faulty.close();
      msw.listen({ onUnhandledFrame: 'error' });
    }
  });
});
