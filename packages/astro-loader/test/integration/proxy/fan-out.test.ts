import { startMock } from '@content-read/test-support/mock-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ProxyOptions, proxySettings } from '../../../src/build-time/integration/options.js';
import { PAGE_CONCURRENCY } from '../../../src/server/proxy/listing.js';
import { expectProxyError, proxyAt } from '../../helpers/proxy.js';
import {
  type Answer,
  editingBody,
  ignoringBlog,
  startRecordingUpstream,
} from '../../helpers/recording-upstream.js';

const CANARY = 'canary-F4nout-do-not-leak';

describe('restricted listings read a bounded number of upstream pages', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const close of closers.splice(0)) await close();
  });

  /**
   * The most upstream requests the proxy had waiting at once: counted at the platform's fetch,
   * which the proxy calls for every upstream page (the workers start in one tick, so a pool
   * wider than the bound would show at once).
   */
  function countConcurrentFetches() {
    const realFetch = globalThis.fetch;
    let waiting = 0;
    const counted = { most: 0 };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
      counted.most = Math.max(counted.most, ++waiting);
      try {
        return await realFetch(...args);
      } finally {
        waiting--;
      }
    });
    return counted;
  }

  async function proxy(answer: Answer, options: Partial<ProxyOptions> = {}) {
    const server = await startMock();
    server.mock.addKey({ id: 'key_canary', team_id: 'team_web', key: CANARY });
    const upstream = await startRecordingUpstream(server.mock, answer);
    closers.push(upstream.close, server.close);
    const settings = proxySettings({
      path: '/api/content',
      blogs: ['blog_02'],
      freshness: 0,
      ...options,
    });
    return { get: proxyAt(settings, upstream.baseUrl, CANARY), upstream, server };
  }

  it('an API claiming 3,000 pages: one upstream request, and a 502 upstream_too_many_pages', async () => {
    const huge = editingBody((json) => {
      (json as { meta: { total_pages: number } }).meta.total_pages = 3000;
      return json;
    });
    const { get, upstream } = await proxy(huge);
    for (const path of ['/api/content/blogs', '/api/content/articles']) {
      await expectProxyError(
        await get(path),
        502,
        'upstream_too_many_pages',
        'This listing has more pages than the proxy reads (its proxy.maxPages option).',
      );
    }
    // Again after the cache expired (freshness 0): still one request per browser request.
    expect(upstream.seen).toHaveLength(2);
  });

  it('an API whose Link always names a next page: followed one at a time up to maxPages', async () => {
    // It ignores `page` too: every page holds the same blogs and names one more.
    const endless: Answer = async (request, mock) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? 1);
      url.searchParams.delete('page');
      const blogs = (await (await mock.handle(new Request(url, request))).json()) as {
        data: unknown[];
      };
      return new Response(JSON.stringify({ data: blogs.data }), {
        headers: { link: `</api/v1/blogs?page=${page + 1}&per_page=500>; rel="next"` },
      });
    };
    const { get, upstream } = await proxy(endless, { maxPages: 5 });
    const fetches = countConcurrentFetches();
    const response = await get('/api/content/blogs');
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'upstream_too_many_pages',
    );
    expect(upstream.seen).toHaveLength(5);
    expect(fetches.most).toBe(1);
  });

  it(`reads the pages of a long list at most ${PAGE_CONCURRENCY} at a time, and all of them`, async () => {
    // An API whose largest page is 2 items (it answers per_page=500 with 2), ignoring ?blog=.
    const small: Answer = (request, mock) => {
      const url = new URL(request.url);
      url.searchParams.set('per_page', '2');
      return ignoringBlog(new Request(url, request), mock);
    };
    const { get, upstream, server } = await proxy(small);
    const fetches = countConcurrentFetches();
    const response = await get('/api/content/articles?per_page=500');
    const most = fetches.most;
    vi.restoreAllMocks();
    expect(response.status).toBe(200);
    const served = (await response.json()) as { data: { id: string; blog_id: string }[] };
    const all = await fetch(`${server.baseUrl}/articles?per_page=500`, {
      headers: { authorization: `Bearer ${CANARY}` },
    });
    const everything = ((await all.json()) as { data: { id: string; blog_id: string }[] }).data;
    const expected = everything.filter((a) => a.blog_id === 'blog_02').map((a) => a.id);
    expect(served.data.map((a) => a.id)).toEqual(expected);
    const articlePages = Math.ceil(everything.length / 2);
    expect(articlePages).toBeGreaterThan(PAGE_CONCURRENCY * 2);
    expect(upstream.seen.filter((r) => r.path.includes('/articles'))).toHaveLength(articlePages);
    expect(most).toBe(PAGE_CONCURRENCY);
  });
});
