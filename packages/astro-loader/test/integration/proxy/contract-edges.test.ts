import { startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProxyOptions, proxySettings } from '../../../src/build-time/integration/options.js';
import { expectProxyError, proxyAt } from '../../helpers/proxy.js';
import {
  type Answer,
  editingBody,
  startRecordingUpstream,
} from '../../helpers/recording-upstream.js';

const CANARY = 'canary-C0ntract-do-not-leak';
type Listing = {
  data: { id: string; blog_id?: string }[];
  meta: { page: number; per_page: number; total: number; total_pages: number };
};

describe('the proxy at the edges of the v1 contract', () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    server = await startMock();
    server.mock.addKey({ id: 'key_canary', team_id: 'team_web', key: CANARY });
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await server?.close();
  });

  async function proxy(answer?: Answer, options: Partial<ProxyOptions> = {}) {
    const upstream = await startRecordingUpstream(server.mock, answer);
    closers.push(upstream.close);
    const settings = proxySettings({ path: '/api/content', ...options });
    return { get: proxyAt(settings, upstream.baseUrl, CANARY), upstream };
  }
  /** The whole list as the API holds it. */
  const everything = async (resource: string) => {
    const response = await fetch(`${server.baseUrl}/${resource}?per_page=500`, {
      headers: { authorization: `Bearer ${CANARY}` },
    });
    return ((await response.json()) as Listing).data.map((item) => item.id);
  };

  it('an API answering a bare array (the whole list) is served in the envelope, paged', async () => {
    // An API without paging: every request gets the whole list as a bare array.
    const wholeList = editingBody((json) => (json as Listing).data);
    const bare: Answer = (request, mock) => {
      const url = new URL(request.url);
      url.searchParams.delete('page');
      url.searchParams.set('per_page', '500');
      return wholeList(new Request(url, request), mock);
    };
    const { get } = await proxy(bare);
    const blogs = await get('/api/content/blogs');
    expect(blogs.status).toBe(200);
    const listed = (await blogs.json()) as Listing;
    expect(listed.data.map((b) => b.id)).toEqual(await everything('blogs'));
    expect(listed.meta).toEqual({ page: 1, per_page: 100, total: 3, total_pages: 1 });
    // The API's bare array is its whole list, whatever page was asked: the proxy pages it.
    const articles = await everything('articles');
    const page = await get('/api/content/articles?page=2&per_page=5');
    const second = (await page.json()) as Listing;
    expect(second.data.map((a) => a.id)).toEqual(articles.slice(5, 10));
    expect(second.meta.total).toBe(articles.length);
    expect(page.headers.get('link')).toMatch(
      /^<\/api\/content\/articles\?page=3&per_page=5>; rel="next", <[^>]+>; rel="last"$/,
    );
    const restricted = await proxy(bare, { blogs: ['northwind-news'] });
    const news = (await (await restricted.get('/api/content/articles')).json()) as Listing;
    expect(new Set(news.data.map((a) => a.blog_id))).toEqual(new Set(['blog_03']));
  });

  it("never passes the API's own error codes, messages or Link parameters to the browser", async () => {
    const leaky: Answer = async (request) => {
      const url = new URL(request.url);
      const status = Number(url.searchParams.get('per_page')) === 7 ? 400 : 500;
      if (url.searchParams.get('per_page') === '9') {
        return new Response(JSON.stringify({ data: [], meta: {} }), {
          headers: {
            link: '</api/v1/articles?page=2&per_page=9&debug=1>; rel="next"; title="db-7", <https://db-7.internal/x>; rel="last"',
          },
        });
      }
      const error = { status, code: 'internal_sql_syntax_error', message: 'at db-7: SELECT' };
      return new Response(JSON.stringify({ error }), { status });
    };
    const { get } = await proxy(leaky);
    const refused = await get('/api/content/articles?per_page=7');
    await expectProxyError(
      refused,
      400,
      'invalid_parameter',
      'The content API refused this query.',
    );
    const failed = await get('/api/content/articles?per_page=8');
    expect(failed.status).toBe(502);
    const text = await failed.text();
    expect(JSON.parse(text).error.code).toBe('upstream_unavailable');
    expect(text).not.toMatch(/internal_sql|db-7|SELECT/);
    const linked = await get('/api/content/articles?per_page=9');
    expect(linked.headers.get('link')).toBe(
      '</api/content/articles?page=2&per_page=9>; rel="next"',
    );
  });

  it('one spelling per query: page=02, page=002 and every other spelling are a 308 to the canonical URL, never asked upstream', async () => {
    const { get, upstream } = await proxy(undefined, { freshness: 60_000 });
    for (const query of [
      'page=02&per_page=5',
      'page=002&per_page=05',
      'per_page=005&page=2',
      'page=2&per_page=5&format=json',
    ]) {
      const answer = await get(`/api/content/articles?${query}`);
      expect(answer.status, query).toBe(308);
      expect(answer.headers.get('location'), query).toBe('/api/content/articles?page=2&per_page=5');
      expect(answer.headers.get('cache-control'), query).toBe('no-store');
    }
    for (const [asked, canonical] of [
      ['/api/content/articles/', '/api/content/articles'],
      ['/api/content/articles?page=1&per_page=100', '/api/content/articles'],
      ['/api/content/articles?fields=title%2Cid', '/api/content/articles?fields=id%2Ctitle'],
      ['/api/content/articles?fields=id%2Cid%2Ctitle', '/api/content/articles?fields=id%2Ctitle'],
      ['/api/content/articles?fields=id,title', '/api/content/articles?fields=id%2Ctitle'],
      ['/api/content/articles?per_page=2&blog=news', '/api/content/articles?blog=news&per_page=2'],
    ] as const) {
      const answer = await get(asked);
      expect([answer.status, answer.headers.get('location')], asked).toEqual([308, canonical]);
    }
    expect(upstream.seen).toEqual([]);
    const answer = await get('/api/content/articles?page=2&per_page=5');
    expect(answer.status).toBe(200);
    expect(upstream.seen.map((r) => r.path)).toEqual(['/api/v1/articles?page=2&per_page=5']);
  });
});
