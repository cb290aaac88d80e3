import { FULL_KEY } from '@content-read/test-support/mock-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { renderArticleHtml } from '../../../src/body/sanitise/sanitiser.js';
import { type ProxyOptions, proxySettings } from '../../../src/build-time/integration/options.js';
import { FIELDS } from '../../../src/server/proxy/fields.js';
import { createProxyHandler } from '../../../src/server/proxy/handler.js';
import { LIMITER_DEADLINE_MS } from '../../../src/server/proxy/rate-limit.js';
import { expectProxyError, proxyAt } from '../../helpers/proxy.js';
import {
  type Answer,
  editingBody,
  startRecordingUpstream,
  useRecordingUpstream,
} from '../../helpers/recording-upstream.js';

// The proxy with its DEFAULT options, tried as an attacker would: what it serves, what it spends
// of the key, what it holds, and what it logs.

type Item = Record<string, unknown>;
type Listing = { data: Item[]; meta: { total: number; total_pages: number; page: number } };

const HOSTILE = [
  '<p>Hello</p><script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="&#x6A;avascript:alert(1)">entity</a>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<iframe src="https://evil.example/"></iframe><form action="javascript:alert(1)"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
];

/** Every article of a page made hostile: bodies, URL fields, and a field the contract lacks. */
const hostile = editingBody((json) => {
  const list = json as { data: Item[] };
  list.data.forEach((item, i) => {
    if ('html' in item) {
      item.html = HOSTILE[i % HOSTILE.length];
      item.canonical_url = 'javascript:alert(1)';
      item.feature_image = { url: ' javascript:alert(1)', alt: null, width: 1, height: 1 };
      item.raw_content = '<script>alert(2)</script>';
    } else item.url = 'javascript:alert(3)';
  });
  return list;
});

describe('the proxy against the open internet, with its default options', () => {
  const rig = useRecordingUpstream();
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  /** A proxy with `options` in front of the mock server, answered through `answer`. */
  async function proxy(
    answer?: Answer,
    options: Partial<ProxyOptions> = {},
    log?: (line: string) => void,
  ) {
    const upstream = await startRecordingUpstream(rig.server.mock, answer);
    closers.push(upstream.close);
    const settings = proxySettings({ path: '/api/content', ...options });
    return { get: proxyAt(settings, upstream.baseUrl, FULL_KEY, log), upstream };
  }

  it('serves no executable body and no javascript: URL, whatever fields asks, and no field the contract lacks', async () => {
    const { get } = await proxy(hostile);
    const raw = HOSTILE;
    for (const path of [
      '/api/content/articles?per_page=7',
      '/api/content/articles?fields=id%2Chtml&per_page=7',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      const text = await answer.clone().text();
      expect(text, path).not.toMatch(/<script|onerror|onbegin|javascript:|<iframe|raw_content/i);
      const { data } = (await answer.json()) as Listing;
      // The very output of the loaders' sanitising step, proven in Chromium on the hostile corpus.
      expect(data.map((a) => a.html)).toEqual(raw.map((html) => renderArticleHtml(html).html));
    }
    const { data } = (await (await get('/api/content/articles?per_page=7')).json()) as Listing;
    expect(data.map((a) => [a.canonical_url, a.feature_image])).toEqual(
      raw.map(() => [null, null]),
    );
    const blogs = (await (await get('/api/content/blogs')).json()) as Listing;
    expect(blogs.data.every((b) => b.url === null)).toBe(true);
  });

  it('serves a raw body only behind unsafeRawHtml, URL fields still checked', async () => {
    const { get } = await proxy(hostile, { unsafeRawHtml: true });
    const { data } = (await (await get('/api/content/articles?per_page=7')).json()) as Listing;
    expect(data.map((a) => a.html)).toEqual(HOSTILE);
    expect(data.every((a) => a.canonical_url === null && !('raw_content' in a))).toBe(true);
  });

  it('answers pages past the end of a listing without asking the API: 300 distinct pages cost one request per real page', async () => {
    const { get, upstream } = await proxy();
    let total = 0;
    for (let page = 1; page <= 300; page++) {
      const answer = await get(
        `/api/content/articles?${page > 1 ? `page=${page}&` : ''}per_page=1`,
      );
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as Listing;
      total ||= body.meta.total;
      if (page > total)
        expect([body.data, body.meta.page, body.meta.total]).toEqual([[], page, total]);
    }
    expect(total).toBeGreaterThan(10);
    expect(total).toBeLessThan(300);
    expect(upstream.seen).toHaveLength(total);
  });

  it('bounds upstream requests per window for the whole instance: beyond, a fast 503 with Retry-After, held pages still served', async () => {
    const { get, upstream } = await proxy(undefined, { upstream: { requests: 3 } });
    for (const page of [2, 3, 4])
      expect((await get(`/api/content/articles?page=${page}&per_page=1`)).status).toBe(200);
    const refused = await get('/api/content/articles?page=5&per_page=1');
    await expectProxyError(
      refused.clone(),
      503,
      'upstream_budget_spent',
      'The content proxy has used its requests to the content API for now: try again later.',
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await get('/api/content/articles?page=2&per_page=1')).status).toBe(200);
    expect(upstream.seen).toHaveLength(3);
  });

  it('reads at most `concurrency` pages at once: a few more wait their turn, the rest are answered 503 at once', async () => {
    let release!: () => void;
    const held = new Promise<void>((done) => {
      release = done;
    });
    const slow: Answer = async (request, mock) => {
      await held;
      return mock.handle(request);
    };
    const { get, upstream } = await proxy(slow, { upstream: { concurrency: 2 } });
    const settled: Response[] = [];
    const asked = Array.from({ length: 12 }, (_, i) =>
      get(`/api/content/articles?page=${i + 2}&per_page=1`).then((answer) => {
        settled.push(answer);
        return answer;
      }),
    );
    // Two read, eight wait (4 per read at once), two are refused before anything is read.
    await expect.poll(() => settled.length).toBe(2);
    for (const answer of settled) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('proxy_busy');
    }
    expect(upstream.seen).toHaveLength(2);
    release();
    const answers = await Promise.all(asked);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(upstream.seen).toHaveLength(10);
  });

  it('holds no more upstream bytes at once than `bytes`: a read past it is given up', async () => {
    const { get } = await proxy(undefined, { upstream: { bytes: 20_000 } });
    const small = await get('/api/content/articles?fields=id&per_page=1');
    expect(small.status).toBe(200);
    const large = await get('/api/content/articles');
    expect(large.status).toBe(503);
    expect(((await large.json()) as { error: { code: string } }).error.code).toBe('proxy_busy');
  });

  it('a shared limiter that never answers holds no request past its deadline: it goes on, logged once', async () => {
    const lines: string[] = [];
    const settings = proxySettings({ path: '/api/content', rateLimit: { limiter: './never.ts' } });
    const handle = createProxyHandler(
      settings,
      async () => ({ baseUrl: rig.upstream.baseUrl, apiKey: FULL_KEY }),
      (line) => lines.push(line),
      () => new Promise<boolean>(() => {}),
    );
    const ask = () =>
      handle(new Request('http://site.test/api/content/blogs'), {
        clientAddress: () => '10.1.1.1',
      });
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(lines).toEqual([
      `[content-read] proxy.rateLimit.limiter (./never.ts) failed: no answer within ${LIMITER_DEADLINE_MS} ms. Requests go through unlimited while it fails: check the limiter module and the store it calls.`,
    ]);
  });

  it('logs a failure once per window per cause, however many requests meet it', async () => {
    const lines: string[] = [];
    const failing: Answer = async () => new Response('{}', { status: 500 });
    const { get } = await proxy(failing, {}, (line) => lines.push(line));
    for (let i = 2; i <= 101; i++)
      expect((await get(`/api/content/articles?page=${i}`)).status).toBe(502);
    expect(lines).toEqual(['[content-read] proxy /api/content/articles: 502 upstream status 500']);
  });

  it('parses a page once, however many field sets browsers ask of it', async () => {
    const { get } = await proxy(undefined, { freshness: 600_000 });
    expect((await get('/api/content/articles?fields=id&per_page=50')).status).toBe(200);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      // Twelve projections of one page (the contract's order: `id` first).
      for (const field of FIELDS.articles.slice(1)) {
        const answer = await get(`/api/content/articles?fields=id%2C${field}&per_page=50`);
        expect(answer.status, field).toBe(200);
      }
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });
});
