import { FULL_KEY } from '@content-read/test-support/mock-server';
import { describe, expect, it } from 'vitest';
import { type ProxyOptions, proxySettings } from '../../../src/build-time/integration/options.js';
import { createProxyHandler } from '../../../src/server/proxy/handler.js';
import type { ProxyRouteCache } from '../../../src/server/proxy/route-cache.js';
import { useRecordingUpstream } from '../../helpers/recording-upstream.js';

type Settled = Parameters<ProxyRouteCache['set']>[0];

/** Astro's `context.cache` as a provider gives it, recording what the proxy asked of it. */
function routeCache(enabled = true) {
  const calls: Settled[] = [];
  const cache: ProxyRouteCache = { enabled, set: (options) => calls.push(options) };
  return { cache, calls };
}

describe('the proxy under the route cache', () => {
  const rig = useRecordingUpstream();

  /** A proxy on a site whose route cache is `site`; `ask` answers as Astro's route would. */
  function proxy(
    options: Partial<ProxyOptions> = {},
    site = { routeCache: true, publish: true },
    enabled = true,
  ) {
    const settings = proxySettings({ path: '/api/content', ...options }, site);
    const handle = createProxyHandler(settings, async () => ({
      baseUrl: rig.upstream.baseUrl,
      apiKey: FULL_KEY,
    }));
    const ask = async (path: string, init: RequestInit = {}) => {
      const { cache, calls } = routeCache(enabled);
      const response = await handle(new Request(`http://site.test${path}`, init), {
        clientAddress: () => '127.0.0.1',
        cache,
      });
      return { response, calls };
    };
    return { settings, ask };
  }

  it('settles its route-cache time from the site: an hour with the publish webhook, a minute without, none without a provider', () => {
    expect(proxy().settings.routeCache).toEqual({ maxAge: 3600 });
    expect(proxy({}, { routeCache: true, publish: false }).settings.routeCache).toEqual({
      maxAge: 60,
    });
    expect(proxy({ routeCache: { maxAge: 600, swr: 30 } }).settings.routeCache).toEqual({
      maxAge: 600,
      swr: 30,
    });
    expect(proxy({ routeCache: false }).settings.routeCache).toBeUndefined();
    expect(proxy({}, { routeCache: false, publish: true }).settings.routeCache).toBeUndefined();
    expect(() => proxy({ routeCache: { maxAge: 0.5 } })).toThrow(
      'contentRead(): proxy.routeCache.maxAge must be whole seconds ≥ 1 (got 0.5).',
    );
  });

  it('caches a listing page under the tags of what it holds', async () => {
    const { ask } = proxy();
    const articles = await ask('/api/content/articles?per_page=5');
    expect(articles.response.status).toBe(200);
    // Any blog's publish may change an unfiltered listing (a blog made private): `blogs`.
    expect(articles.calls).toEqual([{ maxAge: 3600, tags: ['content-read', 'articles', 'blogs'] }]);
    // A blog named by id or by slug: its id, the one the publish webhook names.
    for (const blog of ['blog_02', 'northwind-design']) {
      const narrowed = await ask(`/api/content/articles?blog=${blog}&fields=id%2Ctitle`);
      expect(narrowed.calls, blog).toEqual([
        { maxAge: 3600, tags: ['content-read', 'articles', 'blog:blog_02'] },
      ]);
    }
    const blogs = await ask('/api/content/blogs');
    expect(blogs.calls).toEqual([{ maxAge: 3600, tags: ['content-read', 'blogs'] }]);
    const restricted = proxy({ blogs: ['blog_01', 'northwind-design'] });
    expect((await restricted.ask('/api/content/articles')).calls).toEqual([
      { maxAge: 3600, tags: ['content-read', 'articles', 'blog:blog_01', 'blog:blog_02'] },
    ]);
    expect((await restricted.ask('/api/content/articles?blog=northwind-design')).calls).toEqual([
      { maxAge: 3600, tags: ['content-read', 'articles', 'blog:blog_02'] },
    ]);
  });

  it('keeps out of the route cache every answer that is not a listing page, and never stores a 304', async () => {
    const { ask } = proxy({ rateLimit: { requests: 1 } });
    const first = await ask('/api/content/blogs');
    const etag = first.response.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    // A browser holding the page: the page is still answered whole, for the cache to keep.
    const conditional = await ask('/api/content/blogs', { headers: { 'if-none-match': etag } });
    expect(conditional.response.status).toBe(429);
    expect(conditional.calls).toEqual([false]);
    const open = proxy();
    const whole = await open.ask('/api/content/blogs', { headers: { 'if-none-match': etag } });
    expect(whole.response.status).toBe(200);
    expect(whole.response.headers.get('etag')).toBe(etag);
    expect((await whole.response.json()) as unknown).toHaveProperty('data');
    for (const [path, status] of [
      ['/api/content/articles?q=1', 400],
      ['/api/content/authors', 404],
      ['/api/content/articles?blog=no-such-blog', 404],
    ] as const) {
      const answer = await open.ask(path);
      expect(answer.response.status, path).toBe(status);
      expect(answer.calls, path).toEqual([false]);
    }
    // A redirect to the canonical spelling is never cached apart.
    const spelled = await open.ask('/api/content/articles?per_page=02');
    expect([spelled.response.status, spelled.calls]).toEqual([308, [false]]);
    const post = await open.ask('/api/content/blogs', { method: 'POST' });
    expect(post.response.status).toBe(405);
    expect(post.calls).toEqual([false]);
  });

  it('revalidates upstream on every route-cache miss, with its ETag (a purge is never undone by its own window)', async () => {
    const { ask } = proxy({ freshness: 60_000 });
    const start = rig.upstream.seen.length;
    await ask('/api/content/articles?page=2&per_page=3');
    await ask('/api/content/articles?page=2&per_page=3');
    const seen = rig.upstream.seen.slice(start);
    expect(seen).toHaveLength(2);
    expect(seen[0]?.headers['if-none-match']).toBeUndefined();
    expect(seen[1]?.headers['if-none-match']).toBeTruthy();
  });

  it('without a provider (or in astro dev) it works as before: its own window, 304s, no cache calls', async () => {
    const disabled = proxy({}, { routeCache: true, publish: true }, false);
    const first = await disabled.ask('/api/content/blogs');
    const etag = first.response.headers.get('etag') ?? '';
    const again = await disabled.ask('/api/content/blogs', {
      headers: { 'if-none-match': etag },
    });
    expect(again.response.status).toBe(304);
    expect([...first.calls, ...again.calls]).toEqual([]);
    const none = proxy({}, { routeCache: false, publish: true });
    const start = rig.upstream.seen.length;
    expect((await none.ask('/api/content/articles?per_page=2')).calls).toEqual([]);
    await none.ask('/api/content/articles?per_page=2');
    expect(rig.upstream.seen.length - start).toBe(1);
  });
});
