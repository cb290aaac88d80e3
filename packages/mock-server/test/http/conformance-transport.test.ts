// the API contract §1 (endpoints, transport, conditional requests) and §4 (discovery) against the real server over loopback.
import { describe, expect, it } from 'vitest';
import { FULL, rawRequest, statusOf, useServer } from '../support.js';

const server = useServer();

/** Each endpoint, with the key it needs (discovery needs none). */
const ENDPOINTS = [
  ['/api/v1', undefined],
  ['/api/v1/blogs', FULL],
  ['/api/v1/articles', FULL],
] as const;

describe('section 1: the endpoints the public specification states', () => {
  it('the base address ends in /api/v1 and discovery needs no key', async () => {
    const { baseUrl, get } = server();
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect((await get('/api/v1')).status).toBe(200);
  });

  it('a bad or missing key on discovery is not an error', async () => {
    const { get } = server();
    for (const authorization of ['Bearer nope', 'garbage', 'Basic abc']) {
      expect((await get('/api/v1', { headers: { authorization } })).status).toBe(200);
    }
  });

  it('/blogs and /articles need a Bearer key', async () => {
    const { get } = server();
    expect((await get('/api/v1/blogs')).status).toBe(401);
    expect((await get('/api/v1/articles')).status).toBe(401);
    expect((await get('/api/v1/blogs', { key: FULL })).status).toBe(200);
    expect((await get('/api/v1/articles?format=json', { key: FULL })).status).toBe(200);
  });
});

describe('section 1: transport', () => {
  it('JSON responses use application/json; charset=utf-8, snake_case, RFC 3339 UTC times', async () => {
    const res = await server().get('/api/v1/articles?per_page=5', { key: FULL });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await res.json()) as { data: Record<string, unknown>[] };
    for (const article of body.data) {
      for (const field of Object.keys(article)) expect(field).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(article.published_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(typeof article.id).toBe('string');
    }
  });

  it('errors are JSON too', async () => {
    const res = await server().get('/api/v1/blogs');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('HEAD is answered wherever GET is, with the same headers and no body', async () => {
    const { get } = server();
    for (const [path, key] of [...ENDPOINTS, ['/api/v1/blogs', undefined] as const]) {
      const g = await get(path, { key });
      const h = await get(path, { key, method: 'HEAD' });
      expect(h.status).toBe(g.status);
      expect(h.headers.get('etag')).toBe(g.headers.get('etag'));
      expect(h.headers.get('content-length')).toBe(g.headers.get('content-length'));
      expect(await h.text()).toBe('');
    }
  });

  it('every 200 carries a strong ETag; If-None-Match that matches gets 304 with no body', async () => {
    const { get } = server();
    for (const [path, key] of ENDPOINTS) {
      const first = await get(path, { key });
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/ prefix
      const again = await get(path, { key, headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(await again.text()).toBe('');
      const list = await get(path, { key, headers: { 'if-none-match': `"other", W/${etag}` } });
      expect(list.status).toBe(304);
      const stale = await get(path, { key, headers: { 'if-none-match': '"stale"' } });
      expect(stale.status).toBe(200);
    }
  });

  it('the ETag differs between pages and between scopes', async () => {
    const { get } = server();
    const p1 = await get('/api/v1/articles?per_page=5&page=1', { key: FULL });
    const p2 = await get('/api/v1/articles?per_page=5&page=2', { key: FULL });
    const other = await get('/api/v1/articles?per_page=5&page=1', { key: 'demo-two-blogs-key' });
    const tags = new Set([p1, p2, other].map((r) => r.headers.get('etag')));
    expect(tags.size).toBe(3);
  });

  it('key-dependent responses carry Vary: Authorization and Cache-Control: private, no-cache', async () => {
    const { get } = server();
    for (const res of [
      await get('/api/v1/blogs', { key: FULL }),
      await get('/api/v1/articles', { key: FULL }),
      await get('/api/v1/articles'),
      await get('/api/v1/articles?page=0', { key: FULL }),
    ]) {
      expect(res.headers.get('vary')).toBe('Authorization');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
    }
    expect((await get('/api/v1')).headers.get('vary')).toBeNull();
  });

  it('any other method on /api/v1/* → 405 with Allow: GET, HEAD, OPTIONS', async () => {
    const { get } = server();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND']) {
      for (const path of ['/api/v1', '/api/v1/blogs', '/api/v1/articles', '/api/v1/unknown']) {
        const res = await get(path, { method, key: FULL });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
          'method_not_allowed',
        );
      }
    }
  });

  it('methods Node itself refuses still get a JSON 405 with Allow', async () => {
    const raw = await rawRequest(server().port, 'BREW /api/v1 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(statusOf(raw)).toBe(405);
    expect(raw).toContain('allow: GET, HEAD, OPTIONS');
    expect(raw).toContain('"code":"method_not_allowed"');
  });
});

describe('section 4: discovery', () => {
  it('GET /api/v1 returns the documented body exactly', async () => {
    const body = await (await server().get('/api/v1')).json();
    expect(body).toEqual({
      name: 'Content Read API',
      version: 'v1',
      resources: [
        { name: 'blogs', href: '/api/v1/blogs', auth: 'bearer' },
        { name: 'articles', href: '/api/v1/articles', auth: 'bearer', formats: ['json'] },
      ],
    });
  });

  it('a trailing slash on the base address is the same resource', async () => {
    const { get } = server();
    expect(await (await get('/api/v1/')).text()).toBe(await (await get('/api/v1')).text());
  });
});
