import { GENERATED_KEYS, generateDataset } from '@content-read/mock-server';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxySettings } from '../../../src/build-time/integration/options.js';
import { createProxyHandler } from '../../../src/server/proxy/handler.js';
import type { ProxySettings } from '../../../src/server/proxy/settings.js';
import { MissingConnectionError } from '../../../src/shared/errors.js';
import { expectProxyError, proxyAt } from '../../helpers/proxy.js';
import { useRecordingUpstream } from '../../helpers/recording-upstream.js';

const CANARY = 'canary-Proxy9x-do-not-leak';

describe('the proxy handler against the real mock server', () => {
  const rig = useRecordingUpstream((mock) =>
    mock.addKey({ id: 'key_canary', team_id: 'team_web', key: CANARY }),
  );

  function proxy(options: Partial<ProxySettings> = {}, apiKey = CANARY) {
    const settings = { ...proxySettings({ path: '/api/content' }), ...options };
    return proxyAt(settings, rig.upstream.baseUrl, apiKey);
  }
  const seenSince = (start: number) => rig.upstream.seen.slice(start);

  it('serves a listing page with ETag, 304 and Link rewritten to the proxy path', async () => {
    const get = proxy();
    const first = await get('/api/content/articles?blog=northwind-design&per_page=5');
    expect(first.status).toBe(200);
    const body = (await first.json()) as { data: { blog_id: string }[]; meta: { total: number } };
    expect(body.data).toHaveLength(5);
    expect(new Set(body.data.map((a) => a.blog_id))).toEqual(new Set(['blog_02']));
    expect(first.headers.get('link')).toMatch(
      /^<\/api\/content\/articles\?[^>]*page=2[^>]*>; rel="next"/,
    );
    expect(first.headers.get('link')).not.toContain('/api/v1');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get('/api/content/articles?blog=northwind-design&per_page=5', {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await get('/api/content/blogs', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('passes only the v1 query parameters, each checked, with a clear JSON error', async () => {
    const get = proxy();
    const unknown = await get('/api/content/articles?q=x');
    await expectProxyError(
      unknown,
      400,
      'invalid_parameter',
      'Unknown query parameter "q": articles accepts only blog, fields, format, page, per_page.',
    );
    expect((await get('/api/content/articles?per_page=501')).status).toBe(400);
    expect((await get('/api/content/articles?page=0')).status).toBe(400);
    expect((await get('/api/content/articles?format=xml')).status).toBe(400);
    expect((await get('/api/content/articles?page=1&page=2')).status).toBe(400);
    expect((await get('/api/content/blogs?blog=x')).status).toBe(400);
    expect((await get('/api/content/authors')).status).toBe(404);
  });

  it('answers other methods with 405 and Allow', async () => {
    const post = await proxy()('/api/content/articles', { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it("forwards none of the browser's headers, only the server's key", async () => {
    const start = rig.upstream.seen.length;
    const response = await proxy()('/api/content/articles?page=4&per_page=3', {
      headers: {
        authorization: 'Bearer demo-revoked-key',
        cookie: 'session=abc',
        'x-forwarded-for': '10.0.0.1',
        referer: 'http://site.test/secret-page',
        'x-custom': '1',
      },
    });
    expect(response.status).toBe(200);
    const [request] = seenSince(start);
    expect(request?.headers.authorization).toBe(`Bearer ${CANARY}`);
    for (const name of ['cookie', 'x-forwarded-for', 'referer', 'x-custom', 'origin'])
      expect(request?.headers).not.toHaveProperty(name);
    const everything = JSON.stringify([...response.headers]) + (await response.text());
    expect(everything).not.toContain(CANARY);
  });

  it('turns an upstream 401 into a 502 that says the server key was rejected', async () => {
    const response = await proxy({}, 'demo-revoked-key')('/api/content/articles');
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('upstream_key_rejected');
    expect(body.error.message).toMatch(/rejected this server's key/);
    expect(JSON.stringify(body)).not.toContain('demo-revoked-key');
    expect(JSON.stringify(body)).not.toContain('127.0.0.1');
  });

  it('coalesces concurrent requests for a page into one upstream request per window', async () => {
    const get = proxy({ freshness: 60_000 });
    const start = rig.upstream.seen.length;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => get('/api/content/articles?per_page=7')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(seenSince(start)).toHaveLength(1);
  });

  it('revalidates a stale page upstream with If-None-Match', async () => {
    const get = proxy({ freshness: 0 });
    const start = rig.upstream.seen.length;
    await get('/api/content/articles?per_page=8');
    await get('/api/content/articles?per_page=8');
    const [first, second] = seenSince(start);
    expect(first?.headers['if-none-match']).toBeUndefined();
    expect(second?.headers['if-none-match']).toMatch(/^"/);
  });

  it('limits each client to its rate, with Retry-After', async () => {
    const get = proxy({ rateLimit: { requests: 2, windowSeconds: 60 } });
    expect((await get('/api/content/blogs', {}, 'a')).status).toBe(200);
    expect((await get('/api/content/blogs', {}, 'a')).status).toBe(200);
    const limited = await get('/api/content/blogs', {}, 'a');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get('/api/content/blogs', {}, 'b')).status).toBe(200);
  });

  it('restricts to the configured blogs: outside them nothing is found', async () => {
    const get = proxy({ blogs: ['northwind-design'] });
    const blogs = (await (await get('/api/content/blogs')).json()) as { data: { id: string }[] };
    expect(blogs.data.map((b) => b.id)).toEqual(['blog_02']);
    const articles = (await (await get('/api/content/articles?per_page=500')).json()) as {
      data: { blog_id: string }[];
    };
    expect(articles.data.length).toBeGreaterThan(0);
    expect(new Set(articles.data.map((a) => a.blog_id))).toEqual(new Set(['blog_02']));
    expect((await get('/api/content/articles?blog=blog_01')).status).toBe(404);
    expect((await get('/api/content/articles?blog=northwind-engineering')).status).toBe(404);
    expect((await get('/api/content/articles?blog=blog_02')).status).toBe(200);
  });

  it('sends no CORS headers unless asked, and then only to the listed origins', async () => {
    const origin = { headers: { origin: 'https://other.test' } };
    const plain = await proxy()('/api/content/blogs', origin);
    expect([...plain.headers.keys()].filter((h) => h.startsWith('access-control'))).toEqual([]);
    const get = proxy({ corsOrigins: ['https://other.test'] });
    const allowed = await get('/api/content/blogs', origin);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://other.test');
    const foreign = await get('/api/content/blogs', { headers: { origin: 'https://evil.test' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await get('/api/content/blogs', { ...origin, method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
  });

  it('tells a missing configuration from other failures by its type, not its wording', async () => {
    const settings = proxySettings({ path: '/api/content' });
    const failing = (error: Error) =>
      createProxyHandler(settings, async () => {
        throw error;
      })(new Request('http://site.test/api/content/blogs'), { clientAddress: () => '127.0.0.1' });
    const missing = await failing(new MissingConnectionError('x: no CONTENT_API_URL'));
    expect(missing.status).toBe(500);
    expect(await missing.json()).toMatchObject({ error: { code: 'proxy_not_configured' } });
    const other = await failing(new Error('missing configuration, says a DNS library'));
    expect(((await other.json()) as { error: { code: string } }).error.code).not.toBe(
      'proxy_not_configured',
    );
  });

  it('uses the full-access demo key as well (any valid key works)', async () => {
    expect((await proxy({}, FULL_KEY)('/api/content/blogs')).status).toBe(200);
  });
});

describe('the proxy restricted to blogs, with more blogs than one page holds', () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    server = await startMock({ dataset: generateDataset({ blogs: 800, articles: 30 }) });
  });
  afterAll(async () => server?.close());

  it('finds an allowed blog on the second page of blogs', async () => {
    const apiKey = GENERATED_KEYS.full;
    const second = (await (
      await fetch(`${server.baseUrl}/blogs?page=2&per_page=500`, {
        headers: { authorization: `Bearer ${apiKey}` },
      })
    ).json()) as { data: { id: string; slug: string }[] };
    const far = second.data.at(-1);
    if (!far) throw new Error('the generated dataset has no second page of blogs');
    const settings = proxySettings({ path: '/api/content', blogs: [far.slug] });
    const get = proxyAt(settings, server.baseUrl, apiKey);
    const blogs = (await (await get('/api/content/blogs')).json()) as { data: { id: string }[] };
    expect(blogs.data.map((b) => b.id)).toEqual([far.id]);
    expect((await get(`/api/content/articles?blog=${far.id}`)).status).toBe(200);
  });
});
