// the API contract §7 (errors), §8 (CORS) and §9 (rate limits), plus "never 500 on client input".
import { describe, expect, it } from 'vitest';
import { FULL, rawRequest, start, statusOf, TWO_BLOGS, useServer } from '../support.js';

const server = useServer();

describe('section 7: errors', () => {
  it.each([
    ['/api/v1/articles?page=0', FULL, 400, 'invalid_parameter'],
    ['/api/v1/articles?format=xml', FULL, 400, 'unsupported_format'],
    ['/api/v1/articles', undefined, 401, 'missing_token'],
    ['/api/v1/articles', 'unknown-key', 401, 'invalid_token'],
    ['/api/v1/nothing', FULL, 404, 'not_found'],
    ['/elsewhere', undefined, 404, 'not_found'],
    ['/api/v1/articles?blog=nope', FULL, 404, 'not_found'],
  ])('%s → %i %s with the error body', async (path, key, status, code) => {
    const res = await server().get(path, { key });
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: { status: number; code: string; message: string } };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error.status).toBe(status);
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(10);
  });

  it('the server never answers 5xx to odd client input', async () => {
    const { get, port } = server();
    const paths = [
      '/api/v1/articles?page=%',
      '/api/v1/articles?blog=%E0%A4%A',
      '/api/v1/%ZZ',
      '/api/v1/articles/../blogs',
      `/api/v1/articles?${'x=1&'.repeat(2000)}`,
      '/api/v1/articles?blog[]=1&per_page[]=2',
      '//api/v1',
    ];
    for (const path of paths) {
      for (const key of [FULL, undefined])
        expect((await get(path, { key })).status).toBeLessThan(500);
    }
    const huge = await rawRequest(
      port,
      `GET /api/v1/blogs HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    expect(statusOf(huge)).toBe(431);
    expect(huge).toContain('access-control-allow-origin: *');
    const garbage = await rawRequest(port, '\u0000\u0001garbage\r\n\r\n');
    expect(statusOf(garbage)).toBeLessThan(500);
    const binary = await rawRequest(
      port,
      Buffer.from(
        'GET /api/v1/blogs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \xff\xfe\r\nConnection: close\r\n\r\n',
        'latin1',
      ),
    );
    expect(statusOf(binary)).toBe(401);
    const absolute = await rawRequest(
      port,
      `GET http://x/api/v1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(absolute)).toBe(200);
  });
});

describe('section 8: CORS', () => {
  it.each(['/api/v1', '/api/v1/blogs', '/api/v1/articles', '/api/v1/anything/else'])(
    'OPTIONS %s → 204 with the preflight headers, no key needed',
    async (path) => {
      const res = await server().get(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://site.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      expect(res.headers.get('access-control-allow-headers')).toBe(
        'Authorization, Content-Type, If-None-Match',
      );
      expect(res.headers.get('access-control-max-age')).toBe('600');
      expect(await res.text()).toBe('');
    },
  );

  it('every response, errors included, carries Allow-Origin * and the Expose-Headers list', async () => {
    const { get } = server();
    const responses = [
      await get('/api/v1'),
      await get('/api/v1/blogs', { key: FULL }),
      await get('/api/v1/blogs'),
      await get('/api/v1/blogs', { key: 'nope' }),
      await get('/api/v1/articles?page=x', { key: FULL }),
      await get('/api/v1/missing'),
      await get('/outside'),
      await get('/api/v1', { method: 'DELETE' }),
      await get('/api/v1/articles', { key: FULL, headers: { 'if-none-match': '*' } }),
    ];
    for (const res of responses) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toBe(
        'ETag, Link, Retry-After, WWW-Authenticate',
      );
    }
  });
});

describe('section 9: rate limits', () => {
  it('is off unless configured: no RateLimit headers', async () => {
    const res = await server().get('/api/v1/blogs', { key: FULL });
    expect(res.headers.get('ratelimit-limit')).toBeNull();
  });

  it('a per-key token bucket: over the limit → 429 rate_limited with Retry-After and RateLimit-*', async () => {
    let now = 1_000_000;
    const limited = await start({ rateLimit: { capacity: 3, refillPerSecond: 1, now: () => now } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.get('/api/v1/blogs', { key: FULL });
        statuses.push(res.status);
        expect(res.headers.get('ratelimit-limit')).toBe('3');
        expect(res.headers.get('ratelimit-remaining')).toBe(String(Math.max(0, 2 - i)));
        expect(res.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
        if (res.status === 429) {
          expect(res.headers.get('retry-after')).toBe('1');
          expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
            'rate_limited',
          );
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      // another key has its own bucket
      expect((await limited.get('/api/v1/blogs', { key: TWO_BLOGS })).status).toBe(200);
      now += 1000; // one token back
      expect((await limited.get('/api/v1/blogs', { key: FULL })).status).toBe(200);
      expect((await limited.get('/api/v1/blogs', { key: FULL })).status).toBe(429);
      // discovery is not rate limited
      expect((await limited.get('/api/v1')).headers.get('ratelimit-limit')).toBeNull();
    } finally {
      await limited.close();
    }
  });
});
