import { AstroSite, FIXTURE_SITE, summaryOf } from '@content-read/test-support/astro-site';
import { startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CANARY = 'canary-Zq81xYt-do-not-leak';

/** The demo API with the canary key added (reading every blog). */
async function startWithCanary() {
  const server = await startMock();
  server.mock.addKey({ id: 'key_canary', team_id: 'team_web', key: CANARY, blog_access_scope: [] });
  return server;
}

// Each case builds its own copy of the site, so the cases run at once; the rate-limited one has
// its own API.
describe.concurrent('scope, rate limits and the key', { timeout: 240_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    server = await startWithCanary();
  });
  afterAll(async () => server?.close());

  it('a key scoped to two blogs builds only their blogs and articles', async () => {
    const site = await AstroSite.copy(FIXTURE_SITE);
    try {
      const { code, output, pages } = await site.build(
        site.env({ baseUrl: server.baseUrl, apiKey: 'demo-two-blogs-key' }),
      );
      expect(code, output).toBe(0);
      expect(pages['index.html']).toMatch(/blogs:2 articles:\d+/);
      for (const page of Object.keys(pages).filter((p) => p.startsWith('articles/'))) {
        expect(pages[page]).toMatch(/<p id="blog">Northwind (Engineering|Design)/);
      }
    } finally {
      await site.dispose();
    }
  });

  it('the blogs option loads only the named blogs (by slug or id)', async () => {
    const site = await AstroSite.copy(FIXTURE_SITE);
    try {
      const env = site.env(
        { baseUrl: server.baseUrl, apiKey: CANARY },
        { blogs: ['northwind-design'] },
      );
      const { code, output, pages } = await site.build(env);
      expect(code, output).toBe(0);
      expect(pages['index.html']).toMatch(/blogs:1 articles:\d+/);
      for (const page of Object.keys(pages).filter((p) => p.startsWith('articles/'))) {
        expect(pages[page]).toContain('<p id="blog">Northwind Design Notes</p>');
      }
    } finally {
      await site.dispose();
    }
  });

  it('rate limiting: waits for Retry-After, warns once per burst, and the canary key appears nowhere', async () => {
    const site = await AstroSite.copy(FIXTURE_SITE);
    const limited = await startWithCanary();
    try {
      limited.mock.setRateLimit({ capacity: 1, refillPerSecond: 1 });
      const { code, output, pages } = await site.build(
        site.env({ baseUrl: limited.baseUrl, apiKey: CANARY }),
      );
      expect(code, output).toBe(0);
      expect(limited.mock.stats.byStatus['429']).toBeGreaterThan(0);
      expect(output).toMatch(/429.* on \/api\/v1\/(blogs|articles).*; retrying in/);
      const retried = [summaryOf(output, 'blogs'), summaryOf(output, 'articles')].join('\n');
      expect(retried).toMatch(/[1-9]\d* retr(y|ies)/);
      expect(pages['index.html']).toContain('blogs:3 articles:32');
      expect(output).not.toContain(CANARY);
      expect(await site.allOutput()).not.toContain(CANARY);
    } finally {
      await limited.close();
      await site.dispose();
    }
  });
});
