import { listenOnLoopback } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlesLiveLoader, blogsLiveLoader } from '../../src/live.js';
import { collidingBlogsMock, KEY, startContractOnlyUpstream, UNHURRIED } from './upstreams.js';

// An API that ignores `?blog=` lists every blog's articles: the restriction must hold anyway.
// blog_0001's slug is "blog_0002", the id of another blog: an id always names its own blog.
describe('live loaders restricted to blogs, against an API that ignores ?blog=', () => {
  let mock: Awaited<ReturnType<typeof listenOnLoopback>>;
  let upstream: Awaited<ReturnType<typeof startContractOnlyUpstream>>;
  beforeAll(async () => {
    mock = await listenOnLoopback(collidingBlogsMock());
    upstream = await startContractOnlyUpstream(mock.mock);
  });
  afterAll(async () => {
    await upstream?.close();
    await mock?.close();
  });
  const articles = (options: object) =>
    articlesLiveLoader({ baseUrl: upstream.baseUrl, apiKey: KEY, ...UNHURRIED, ...options });
  const blogIds = async (loader: ReturnType<typeof articles>, filter?: { blog: string }) => {
    const result = await loader.loadCollection({ collection: 'articles', filter });
    if ('error' in result && result.error) throw result.error;
    return 'entries' in result ? result.entries.map((e) => e.data.blog.id) : [];
  };
  const articleOf = (blog: string) => mock.mock.dataset.articles.find((a) => a.blog_id === blog);

  it('articles: only the allowed blog, with or without a filter naming it by id or slug', async () => {
    const loader = articles({ blogs: ['blog-3'] });
    for (const filter of [undefined, { blog: 'blog_0003' }, { blog: 'blog-3' }]) {
      const ids = await blogIds(loader, filter);
      expect(ids.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(new Set(ids), JSON.stringify(filter)).toEqual(new Set(['blog_0003']));
    }
    for (const blog of ['blog_0001', 'blog-2', 'no-such-blog'])
      expect(await blogIds(loader, { blog }), blog).toEqual([]);
  });

  it('articles: the resolved id is what reaches the API, never the caller’s string', async () => {
    upstream.seen.length = 0;
    await blogIds(articles({}), { blog: 'blog-3' });
    const listed = upstream.seen.filter((path) => path.startsWith('/api/v1/articles'));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((path) => path.includes('blog=blog_0003'))).toBe(true);
  });

  it('articles: a filter naming an id that is an allowed blog’s slug finds nothing of the other blog', async () => {
    const loader = articles({ blogs: ['blog_0001'] });
    expect(new Set(await blogIds(loader))).toEqual(new Set(['blog_0001']));
    // "blog_0002" is blog_0001's slug and blog_0002's id: it names blog_0002, outside the option.
    expect(await blogIds(loader, { blog: 'blog_0002' })).toEqual([]);
    const other = articleOf('blog_0002');
    const own = articleOf('blog_0001');
    const entry = (filter: object) =>
      loader.loadEntry({ collection: 'articles', filter: filter as { id: string } });
    expect(await entry({ id: other?.id })).toBeUndefined();
    expect(await entry({ slug: other?.slug, blog: 'blog_0002' })).toBeUndefined();
    expect(await entry({ id: own?.id })).toMatchObject({ id: own?.id });
  });

  it('articles: without the option, a filter naming an id is that blog, not the blog with that slug', async () => {
    expect(new Set(await blogIds(articles({}), { blog: 'blog_0002' }))).toEqual(
      new Set(['blog_0002']),
    );
  });

  it('blogs: only the allowed blogs, an id naming its own blog before a slug', async () => {
    const loader = blogsLiveLoader({
      baseUrl: upstream.baseUrl,
      apiKey: KEY,
      blogs: ['blog_0002'],
    });
    const result = await loader.loadCollection({ collection: 'blogs', filter: undefined });
    expect('entries' in result && result.entries.map((e) => e.id)).toEqual(['blog_0002']);
    const entry = (filter: object) =>
      loader.loadEntry({ collection: 'blogs', filter: filter as { id: string } });
    expect(await entry({ id: 'blog_0001' })).toBeUndefined();
    expect(await entry({ slug: 'blog-2' })).toMatchObject({ id: 'blog_0002' });
  });

  it('a blogs name that matches no readable blog is a one-line error naming collection, option and name', async () => {
    for (const loader of [
      articles({ blogs: ['blog-3', 'nwes'] }),
      blogsLiveLoader({
        baseUrl: upstream.baseUrl,
        apiKey: KEY,
        ...UNHURRIED,
        blogs: ['blog-3', 'nwes'],
      }),
    ]) {
      const result = await loader.loadCollection({ collection: 'news', filter: undefined });
      const message = 'error' in result ? result.error?.message : undefined;
      expect(message).toMatch(
        /^Could not load "news": the blogs option names "nwes", which matches no blog this key can read/,
      );
      expect(message).toContain('blog_0003 (blog-3)');
      expect(message).not.toContain('\n');
      expect(message).not.toContain(KEY);
    }
  });

  it('without the option, a filter naming no readable blog is a 404 not_found error', async () => {
    const result = await articles({}).loadCollection({
      collection: 'articles',
      filter: { blog: 'no-such-blog' },
    });
    expect('error' in result && result.error).toMatchObject({ status: 404, code: 'not_found' });
  });
});
