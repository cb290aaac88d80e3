import { startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxySettings } from '../../../src/build-time/integration/options.js';
import { proxyAt } from '../../helpers/proxy.js';
import {
  type Answer,
  ignoringBlog,
  startRecordingUpstream,
} from '../../helpers/recording-upstream.js';

const CANARY = 'canary-Restr1ct-do-not-leak';
const OTHER_BLOGS = ['blog_01', 'blog_03', 'northwind-engineering', 'northwind-news'];

type Listing = {
  data: { id: string; blog_id?: string }[];
  meta: { page: number; per_page: number; total: number; total_pages: number };
};

/** A mock API (the demo dataset, `prepare`d) behind `answer`, and a proxy in front of it. */
async function setUp(answer?: Answer, prepare: (mock: StartedMock['mock']) => void = () => {}) {
  const server = await startMock();
  server.mock.addKey({ id: 'key_canary', team_id: 'team_web', key: CANARY });
  prepare(server.mock);
  const upstream = await startRecordingUpstream(server.mock, answer);
  const logged: string[] = [];
  const proxy = (blogs: string[], freshness?: number) => {
    const settings = proxySettings({ path: '/api/content', blogs, freshness });
    return proxyAt(settings, upstream.baseUrl, CANARY, (line) => logged.push(line));
  };
  /** What the API itself lists for a blog (asked directly, honouring `?blog=`). */
  const articlesOf = async (blog: string) => {
    const response = await fetch(`${server.baseUrl}/articles?blog=${blog}&per_page=500`, {
      headers: { authorization: `Bearer ${CANARY}` },
    });
    return ((await response.json()) as Listing).data.map((a) => a.id);
  };
  const close = async () => {
    await upstream.close();
    await server.close();
  };
  return { upstream, proxy, logged, articlesOf, close };
}
type StartedMock = Awaited<ReturnType<typeof startMock>>;

/** Everything a response shows the browser. */
async function shown(response: Response): Promise<string> {
  return `${response.status} ${JSON.stringify([...response.headers])} ${await response.text()}`;
}

describe.each([
  ['an API that honours ?blog=', undefined],
  ['an API that ignores ?blog= (the v1 contract does not define it)', ignoringBlog],
])('proxy.blogs against %s', (_name, answer) => {
  let api: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    api = await setUp(answer);
  });
  afterAll(async () => api?.close());

  it('serves only the allowed blog: items, totals and links tell nothing of the others', async () => {
    const get = api.proxy(['northwind-design']);
    const expected = await api.articlesOf('blog_02');
    const seen: string[] = [];
    const blogs = await get('/api/content/blogs');
    seen.push(await shown(blogs.clone()));
    expect(((await blogs.json()) as Listing).data.map((b) => b.id)).toEqual(['blog_02']);

    const first = await get('/api/content/articles?per_page=3');
    seen.push(await shown(first.clone()));
    const page = (await first.json()) as Listing;
    expect(page.data.map((a) => a.id)).toEqual(expected.slice(0, 3));
    const pages = Math.ceil(expected.length / 3);
    expect(page.meta).toEqual({ page: 1, per_page: 3, total: expected.length, total_pages: pages });
    expect(first.headers.get('link')).toBe(
      `</api/content/articles?page=2&per_page=3>; rel="next", </api/content/articles?page=${pages}&per_page=3>; rel="last"`,
    );
    const all = await get('/api/content/articles?blog=northwind-design&per_page=500');
    seen.push(await shown(all.clone()));
    expect(((await all.json()) as Listing).data.map((a) => a.id)).toEqual(expected);
    for (const other of ['blog_01', 'northwind-engineering', 'blog_03', 'nothing-at-all']) {
      const refused = await get(`/api/content/articles?blog=${other}`);
      expect(refused.status, other).toBe(404);
      seen.push(await shown(refused));
    }
    for (const name of OTHER_BLOGS) expect(seen.join('\n')).not.toContain(name);
  });

  it("forwards the resolved blog id, never the browser's string", async () => {
    const start = api.upstream.seen.length;
    expect(
      (await api.proxy(['blog_02'])('/api/content/articles?blog=northwind-design')).status,
    ).toBe(200);
    const asked = api.upstream.seen.slice(start).map((r) => r.path);
    expect(asked.filter((path) => path.includes('/articles'))).toEqual([
      '/api/v1/articles?blog=blog_02&per_page=500',
    ]);
  });

  it('a restricted page is kept in the shared cache: asked again, it costs no upstream request', async () => {
    const get = api.proxy(['blog_02'], 60_000);
    const first = await (await get('/api/content/articles?per_page=4&page=2')).text();
    const start = api.upstream.seen.length;
    expect(await (await get('/api/content/articles?page=02&per_page=4')).text()).toBe(first);
    expect(api.upstream.seen.length).toBe(start);
  });

  it('an allowed name that matches no blog: one log line, and nothing served for it', async () => {
    const get = api.proxy(['northwind-design', 'no-such-blog']);
    for (let i = 0; i < 3; i++) {
      const blogs = (await (await get('/api/content/blogs')).json()) as Listing;
      expect(blogs.data.map((b) => b.id)).toEqual(['blog_02']);
    }
    expect(api.logged.filter((line) => line.includes('no-such-blog'))).toEqual([
      '[content-read] proxy.blogs: "no-such-blog" is neither the id nor the slug of a blog this server\'s key can read, so the proxy serves nothing for it: correct proxy.blogs, or the key\'s blog scope.',
    ]);
    const none = api.proxy(['no-such-blog']);
    const articles = (await (await none('/api/content/articles')).json()) as Listing;
    expect(articles).toEqual({
      data: [],
      meta: { page: 1, per_page: 100, total: 0, total_pages: 0 },
    });
  });
});

describe.each([
  ['honours', undefined],
  ['ignores', ignoringBlog],
])(
  "proxy.blogs, when the allowed blog's slug is another blog's id (the API %s ?blog=)",
  (_n, answer) => {
    let api: Awaited<ReturnType<typeof setUp>>;
    beforeAll(async () => {
      // blog_02's slug becomes "blog_01", the id of a blog the proxy must not serve.
      api = await setUp(answer, (mock) => mock.updateBlog('blog_02', { slug: 'blog_01' }));
    });
    afterAll(async () => api?.close());

    it('?blog=<that id> names the other blog (ids first), which stays out', async () => {
      const get = api.proxy(['blog_02']);
      const refused = await get('/api/content/articles?blog=blog_01');
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain('blog_01');
      const served = (await (await get('/api/content/articles?per_page=500')).json()) as Listing;
      expect(served.data.map((a) => a.id)).toEqual(await api.articlesOf('blog_02'));
      expect(new Set(served.data.map((a) => a.blog_id))).toEqual(new Set(['blog_02']));
    });

    it('and proxy.blogs: ["blog_01"] means the blog with that id, as in the loaders', async () => {
      const blogs = (await (await api.proxy(['blog_01'])('/api/content/blogs')).json()) as Listing;
      expect(blogs.data.map((b) => b.id)).toEqual(['blog_01']);
    });
  },
);

describe('proxy.blogs and proxy.maxPages options', () => {
  it('refuses entries that name no blog and page caps that cannot work, in one line', () => {
    const settings = (options: object) => () => proxySettings({ path: '/api/content', ...options });
    expect(settings({ blogs: ['news', ''] })).toThrow(
      'contentRead(): proxy.blogs holds "": each entry must be a blog id or slug.',
    );
    expect(settings({ blogs: [] })).toThrow(/proxy\.blogs must name at least one blog/);
    expect(settings({ maxPages: 0 })).toThrow(
      'contentRead(): proxy.maxPages must be a whole number ≥ 1 (got 0).',
    );
    expect(settings({ maxPages: 2.5 })).toThrow(/proxy\.maxPages must be a whole number/);
    expect(proxySettings({ path: '/p' }).maxPages).toBe(20);
  });
});
