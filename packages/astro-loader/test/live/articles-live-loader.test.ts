import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlesLiveLoader } from '../../src/live.js';
import { startRewritingProxy } from '../helpers/rewriting-proxy.js';
import { UNHURRIED } from './upstreams.js';

// One article's body cut inside a tag (as a CMS or an editor can leave it) must render, and
// never fail the live request for every article.
describe('live articles with a body cut inside a tag', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  let proxy: Awaited<ReturnType<typeof startRewritingProxy>>;
  beforeAll(async () => {
    mock = await startMock();
    proxy = await startRewritingProxy(mock.baseUrl, (item) => {
      if (item.id === 'art_0002') item.html = '<p>Intro</p><div ';
    });
  });
  afterAll(async () => {
    await proxy?.close();
    await mock?.close();
  });

  it('loadCollection returns every article, the cut one rendered and balanced', async () => {
    const loader = articlesLiveLoader({ baseUrl: proxy.baseUrl, apiKey: FULL_KEY, ...UNHURRIED });
    const result = await loader.loadCollection({ collection: 'articles', filter: undefined });
    expect('error' in result ? result.error : undefined).toBeUndefined();
    const entries = 'entries' in result ? result.entries : [];
    expect(entries.length).toBeGreaterThan(3);
    const cut = entries.find((e) => e.id === 'art_0002');
    expect(cut?.rendered?.html).toBe('<p>Intro</p>');
  });
});

describe('live articles restricted to blogs named twice', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(async () => mock?.close());

  it('lists each article once when `blogs` names a blog by id and by slug', async () => {
    const once = articlesLiveLoader({
      baseUrl: mock.baseUrl,
      apiKey: FULL_KEY,
      ...UNHURRIED,
      blogs: ['blog_02'],
    });
    const twice = articlesLiveLoader({
      baseUrl: mock.baseUrl,
      apiKey: FULL_KEY,
      ...UNHURRIED,
      blogs: ['blog_02', 'northwind-design'],
    });
    const ids = async (loader: typeof once) => {
      const result = await loader.loadCollection({ collection: 'articles', filter: undefined });
      return 'entries' in result ? result.entries.map((e) => e.id) : [];
    };
    const expected = await ids(once);
    expect(expected.length).toBeGreaterThan(0);
    expect(await ids(twice)).toEqual(expected);
  });
});

describe('live articles with articleUrl: links between articles', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  const body =
    '<p><a href="https://northwind.engineering.example.com/retries-backoff-and-the-art-of-giving-up/#jitter">retries</a> ' +
    'and <a href="https://northwind.design.example.com/2024/05/colour-contrast-and-calm/">contrast</a></p>';
  beforeAll(async () => {
    mock = await startMock();
    mock.mock.updateArticle('art_0007', { html: body });
  });
  afterAll(async () => mock?.close());

  const loader = () =>
    articlesLiveLoader({
      baseUrl: mock.baseUrl,
      apiKey: FULL_KEY,
      ...UNHURRIED,
      articleUrl: (a) => `/blogs/${a.blog.slug}/${a.slug}/`,
    });
  const hrefs = (html: string | undefined) =>
    [...(html ?? '').matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

  it('points links at the pages of the articles its listing holds, as the build does', async () => {
    const result = await loader().loadEntry({ collection: 'articles', filter: { id: 'art_0007' } });
    const entry = result && 'rendered' in result ? result : undefined;
    expect(hrefs(entry?.rendered?.html)).toEqual([
      '/blogs/northwind-engineering/retries-backoff-and-the-art-of-giving-up/#user-content-jitter',
      '/blogs/northwind-design/colour-contrast-and-calm/',
    ]);
  });

  it("leaves a link to an article its call did not read (another blog's) as written", async () => {
    const result = await loader().loadCollection({
      collection: 'articles',
      filter: { blog: 'northwind-engineering' },
    });
    const entry = 'entries' in result ? result.entries.find((e) => e.id === 'art_0007') : undefined;
    expect(hrefs(entry?.rendered?.html)).toEqual([
      '/blogs/northwind-engineering/retries-backoff-and-the-art-of-giving-up/#user-content-jitter',
      'https://northwind.design.example.com/2024/05/colour-contrast-and-calm/',
    ]);
  });
});
