import { AstroSite } from '@content-read/test-support/astro-site';
import { FULL_KEY, type StartedMock, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../helpers/serve.js';
import { UNHURRIED } from '../live/upstreams.js';

const text = (html: string, id: string) =>
  new RegExp(`<[a-z0-9]+ id="${id}">([^<]*)<`).exec(html)?.[1];

// One build (the site reads no API at build time); each case starts its own server against its
// own API (whose requests it counts, whose content it changes), so the cases run at once.
describe.concurrent('live loaders in a server-rendered site (@astrojs/node)', {
  timeout: 240_000,
}, () => {
  let site: AstroSite;
  const cleanups: Array<() => unknown> = [];
  beforeAll(async () => {
    site = await AstroSite.copy(new URL('../fixtures/live', import.meta.url));
    const { code, output } = await site.build(site.env({}));
    if (code !== 0) throw new Error(output);
  }, 240_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await site?.dispose();
  });
  /** A mock server of the case's own. */
  const api = async () => {
    const server = await startMock();
    cleanups.push(() => server.close());
    return server;
  };
  /**
   * The built site's server reading `server` with `apiKey`, its live loaders given `options` and
   * a budget no loaded machine exhausts (several servers start at once here).
   */
  const started = async (
    server: StartedMock,
    apiKey: string,
    options: object = {},
    env: Record<string, string> = {},
  ) => {
    const running = await serve(site, {
      ...site.env({ baseUrl: server.baseUrl, apiKey }),
      FIXTURE_LIVE_OPTIONS: JSON.stringify({ ...UNHURRIED, ...options }),
      ...env,
    });
    cleanups.push(() => running.child.kill());
    return running;
  };

  it('loads the collection on each request, filtered by blog, with cache hints', async () => {
    const server = await api();
    // freshness 0: every request revalidates, so a change upstream shows on the next request.
    const { url } = await started(server, FULL_KEY, { freshness: 0 });
    const all = await (await fetch(`${url}/`)).text();
    expect(text(all, 'error')).toBe('');
    expect(text(all, 'count')).toBe('32');
    expect(text(all, 'tags')).toMatch(/^content-read,articles,blogs,article:art_\d+,blog:blog_0\d/);
    expect(text(all, 'modified')).toMatch(/^\d{4}-\d\d-\d\dT/);
    const design = await (await fetch(`${url}/?blog=northwind-design`)).text();
    const blogs = [...design.matchAll(/data-blog="([^"]+)"/g)].map((m) => m[1]);
    expect(blogs.length).toBeGreaterThan(0);
    expect(new Set(blogs)).toEqual(new Set(['blog_02']));

    server.mock.updateArticle('art_0002', { title: 'Live Title' });
    const entry = await (await fetch(`${url}/articles/art_0002/`)).text();
    expect(text(entry, 'title')).toBe('Live Title');
    expect(entry).toContain('<h2 id="user-content-what-comes-next">What comes next</h2>');
    expect(entry).toMatch(
      /<li data-depth="2"><a href="#user-content-what-comes-next">What comes next<\/a><\/li>/,
    );
    const bySlug = await (
      await fetch(`${url}/articles/x/?slug=a-type-scale-for-long-reads`)
    ).text();
    expect(text(bySlug, 'title')).toBe('Live Title');
    const missing = await fetch(`${url}/articles/nope/`);
    expect(missing.status).toBe(404);
  });

  it('reports API failures as LiveCollectionError without the key', async () => {
    const server = await api();
    const { url } = await started(server, 'demo-revoked-key');
    const res = await fetch(`${url}/`);
    const html = await res.text();
    expect(res.status).toBe(502);
    expect(text(html, 'error')).toMatch(
      /^LiveCollectionError: Could not load &quot;articles&quot;: the API rejected the key/,
    );
    expect(html).not.toContain('demo-revoked-key');
    expect(text(html, 'status')).toBe('401 invalid_token');
  });

  it('concurrent requests share one upstream revalidation per listing page', async () => {
    const server = await api();
    const { url } = await started(server, FULL_KEY, { freshness: 60_000 });
    server.mock.resetStats();
    const pages = await Promise.all(Array.from({ length: 40 }, () => fetch(`${url}/`)));
    expect(pages.map((p) => p.status)).toEqual(Array(40).fill(200));
    const listed = server.mock.requests.filter((r) => r.path.startsWith('/api/v1/articles'));
    expect(listed).toHaveLength(1);
  });

  it('the blogs option is a hard restriction: a filter outside it finds nothing', async () => {
    const server = await api();
    const { url } = await started(server, FULL_KEY, { blogs: ['northwind-engineering'] });
    const own = await (await fetch(`${url}/?blog=blog_01`)).text();
    expect(Number(text(own, 'count'))).toBeGreaterThan(0);
    for (const other of ['northwind-design', 'blog_02', 'no-such-blog']) {
      const page = await (await fetch(`${url}/?blog=${other}`)).text();
      expect(text(page, 'count'), other).toBe('0');
      expect(text(page, 'error'), other).toBe('');
    }
    const outside = await fetch(
      `${url}/articles/x/?slug=a-type-scale-for-long-reads&blog=northwind-design`,
    );
    expect(outside.status).toBe(404);
    expect((await fetch(`${url}/articles/art_0002/`)).status).toBe(404);
  });

  it('a publish shows at once on pages the route cache keeps for an hour, at one upstream request per listing page', async () => {
    const server = await api();
    const secret = 'canary-publish-secret-Vw3k';
    const { url, output } = await started(
      server,
      FULL_KEY,
      { freshness: 3_600_000 },
      { CONTENT_PUBLISH_SECRET: secret },
    );
    const title = async (id: string) =>
      text(await (await fetch(`${url}/cached/${id}/`)).text(), 'title');
    const publish = (authorization: string, body: object) =>
      fetch(`${url}/_content-read/publish`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(await title('art_0002')).toBe('A Type Scale for Long Reads');
    const other = await title('art_0007');
    server.mock.updateArticle('art_0002', { title: 'Published Title' });
    server.mock.resetStats();
    // Cached: the route cache answers, the API is not asked.
    expect(await title('art_0002')).toBe('A Type Scale for Long Reads');
    expect(server.mock.stats.requests).toBe(0);
    const refused = await publish('Bearer not-the-secret', { articles: ['art_0002'] });
    expect(refused.status).toBe(401);
    expect(await title('art_0002')).toBe('A Type Scale for Long Reads');

    const published = await publish(`Bearer ${secret}`, { articles: ['art_0002'] });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({
      invalidated: ['articles', 'article:art_0002'],
      routeCache: 'invalidated',
    });
    expect(await title('art_0002')).toBe('Published Title');
    // The demo's listing is one page: one conditional request read the change.
    expect(server.mock.requests.map((r) => r.path.split('?')[0])).toEqual(['/api/v1/articles']);
    // A page that does not show the article stays cached.
    expect(await title('art_0007')).toBe(other);
    expect(server.mock.stats.requests).toBe(1);
    expect(output()).not.toContain(secret);
  });

  it("a limiter that throws lets requests through, and the proxy's log line quoting it holds no key", async ({
    expect,
  }) => {
    const server = await api();
    const { url, output } = await started(server, FULL_KEY, {});
    const answer = await fetch(`${url}/api/content/blogs`, {
      headers: { 'x-fixture-limit': 'throw' },
    });
    expect(answer.status).toBe(200);
    await expect.poll(() => output()).toContain('proxy.rateLimit.limiter');
    expect(output()).toMatch(/limiter \(.*\) failed: store unreachable at redis:\/\/user:/);
    expect(output()).not.toContain(FULL_KEY);
  });

  it("the proxy's pages are kept by the route cache and purged by a publish: 1,000 requests cost one upstream request", async () => {
    const server = await api();
    const secret = 'canary-publish-secret-Pr0x';
    const { url, output } = await started(server, FULL_KEY, {}, { CONTENT_PUBLISH_SECRET: secret });
    const page = `${url}/api/content/articles?fields=id%2Ctitle&per_page=5`;
    const blogs = `${url}/api/content/blogs`;
    type Listing = { data: { id: string; title: string }[] };
    const upstream = () => server.mock.requests.map((r) => r.path.split('?')[0]);
    server.mock.resetStats();
    const first = await fetch(page);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-astro-cache')).toBe('MISS');
    expect(first.headers.get('etag')).toBeTruthy();
    const shown = ((await first.json()) as Listing).data[2];
    if (!shown) throw new Error('the first page holds fewer than 3 articles');
    expect((await fetch(blogs)).status).toBe(200);
    for (let round = 0; round < 20; round++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(page)));
      for (const answer of answers) {
        expect(answer.headers.get('x-astro-cache')).toBe('HIT');
        await answer.arrayBuffer();
      }
    }
    expect(upstream()).toEqual(['/api/v1/articles', '/api/v1/blogs']);

    // A 429 is the client's, never the cache's: the same page is then answered as any other.
    const uncached = `${url}/api/content/articles?per_page=4`;
    const refused = await fetch(uncached, { headers: { 'x-fixture-limit': 'refuse' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await fetch(uncached)).status).toBe(200);

    server.mock.updateArticle(shown.id, { title: 'Published Title' });
    server.mock.resetStats();
    const title = async () =>
      ((await (await fetch(page)).json()) as Listing).data.find((a) => a.id === shown.id)?.title;
    expect(await title()).toBe(shown.title);
    const published = await fetch(`${url}/_content-read/publish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ articles: [shown.id] }),
    });
    expect(await published.json()).toMatchObject({ routeCache: 'invalidated' });
    expect(await title()).toBe('Published Title');
    expect(upstream()).toEqual(['/api/v1/articles']);
    // The blogs listing holds no article: it stays cached.
    expect((await fetch(blogs)).headers.get('x-astro-cache')).toBe('HIT');
    expect(upstream()).toEqual(['/api/v1/articles']);
    expect(output()).not.toContain(secret);
    expect(output()).not.toContain(FULL_KEY);
  });

  it("a publish naming only a blog purges the proxy's article listings, however the browser named the blog", async () => {
    const server = await api();
    const secret = 'canary-publish-secret-B1og';
    const { url } = await started(server, FULL_KEY, {}, { CONTENT_PUBLISH_SECRET: secret });
    const pages = [
      `${url}/api/content/articles?per_page=5`,
      `${url}/api/content/articles?blog=northwind-design`,
      `${url}/api/content/blogs`,
    ];
    const cached = async () =>
      Promise.all(pages.map(async (page) => (await fetch(page)).headers.get('x-astro-cache')));
    expect(await cached()).toEqual(['MISS', 'MISS', 'MISS']);
    expect(await cached()).toEqual(['HIT', 'HIT', 'HIT']);
    const published = await fetch(`${url}/_content-read/publish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ blogs: ['blog_02'] }),
    });
    expect(await published.json()).toMatchObject({ routeCache: 'invalidated' });
    expect(await cached()).toEqual(['MISS', 'MISS', 'MISS']);
  });

  it('equal queries, however spelled, share one route-cache entry and one upstream request', async () => {
    const server = await api();
    const { url } = await started(server, FULL_KEY, {});
    server.mock.resetStats();
    const ask = async (query: string) => {
      const answer = await fetch(`${url}/api/content/articles?${query}`, { redirect: 'manual' });
      await answer.arrayBuffer();
      return [answer.status, answer.headers.get('x-astro-cache'), answer.headers.get('location')];
    };
    const canonical = '/api/content/articles?fields=id%2Ctitle&per_page=2';
    expect(await ask('per_page=02&fields=title,id')).toEqual([308, null, canonical]);
    expect(await ask('fields=id%2Ctitle&per_page=2')).toEqual([200, 'MISS', null]);
    for (const spelled of [
      'per_page=002&fields=id%2Ctitle',
      'fields=id,id,title&per_page=2&page=1',
    ])
      expect(await ask(spelled)).toEqual([308, null, canonical]);
    expect(await ask('fields=id%2Ctitle&per_page=2')).toEqual([200, 'HIT', null]);
    expect(server.mock.requests).toHaveLength(1);
  });
});
