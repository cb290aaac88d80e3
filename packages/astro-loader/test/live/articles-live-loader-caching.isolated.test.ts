import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { LiveCollectionError } from 'astro/content/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { articlesLiveLoader, ContentReadLiveError } from '../../src/live.js';
import { UNHURRIED } from './upstreams.js';

// Counts the sanitiser's runs; it still does its real work.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/body/sanitise/sanitiser.js', async (original) => {
  const real = await original<typeof import('../../src/body/sanitise/sanitiser.js')>();
  return {
    ...real,
    renderArticleHtml: (...args: Parameters<typeof real.renderArticleHtml>) => {
      renders.count++;
      return real.renderArticleHtml(...args);
    },
  };
});

describe('articlesLiveLoader against the real mock server', () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    server = await startMock();
  });
  afterAll(async () => server?.close());
  const loader = (options: object = {}) =>
    articlesLiveLoader({ baseUrl: server.baseUrl, apiKey: FULL_KEY, ...UNHURRIED, ...options });
  const load = (l: ReturnType<typeof loader>, filter?: { blog?: string }) =>
    l.loadCollection({ collection: 'articles', filter });
  const listed = () => server.mock.requests.filter((r) => r.path.startsWith('/api/v1/articles'));

  it('never sanitises an unchanged article twice; a changed one once more', async () => {
    const l = loader({ freshness: 0 });
    renders.count = 0;
    const cold = await load(l);
    const total = 'entries' in cold ? cold.entries.length : 0;
    expect(total).toBe(32);
    expect(renders.count).toBe(32);
    await load(l);
    expect(renders.count).toBe(32);
    server.mock.updateArticle('art_0007', { title: 'Changed' });
    const warm = await load(l);
    expect(renders.count).toBe(33);
    const changed = 'entries' in warm ? warm.entries.find((e) => e.id === 'art_0007') : undefined;
    expect(changed?.data.title).toBe('Changed');
  });

  it('concurrent loads share one revalidation; within the window none at all', async () => {
    const l = loader({ freshness: 60_000 });
    server.mock.resetStats();
    const results = await Promise.all(Array.from({ length: 25 }, () => load(l)));
    expect(results.every((r) => 'entries' in r && r.entries.length === 32)).toBe(true);
    expect(listed()).toHaveLength(1);
    await load(l);
    expect(listed()).toHaveLength(1);
  });

  it('the blogs option is a hard restriction, for filters and for loadEntry', async () => {
    const l = loader({ blogs: ['blog_01'] });
    const own = await load(l, { blog: 'northwind-engineering' });
    expect('entries' in own && own.entries.length).toBeGreaterThan(0);
    expect('entries' in own && own.entries.every((e) => e.data.blog.id === 'blog_01')).toBe(true);
    for (const blog of ['blog_02', 'northwind-design', 'junk-value']) {
      const other = await load(l, { blog });
      expect('entries' in other && other.entries, blog).toEqual([]);
    }
    const entry = (filter: object) =>
      l.loadEntry({ collection: 'articles', filter: filter as { id: string } });
    expect(await entry({ slug: 'a-type-scale-for-long-reads', blog: 'northwind-design' })).toBe(
      undefined,
    );
    expect(await entry({ id: 'art_0002' })).toBe(undefined);
    expect(await entry({ id: 'art_0007' })).toMatchObject({ id: 'art_0007' });
  });

  it('a junk filter is an error with status and code, and the next good one still works', async () => {
    const l = loader();
    const junk = await load(l, { blog: 'no-such-blog' });
    const error = 'error' in junk ? junk.error : undefined;
    expect(error).toBeInstanceOf(ContentReadLiveError);
    expect(LiveCollectionError.is(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, code: 'not_found', name: 'LiveCollectionError' });
    const good = await load(l, { blog: 'northwind-design' });
    expect('entries' in good && good.entries.length).toBeGreaterThan(0);
  });

  it('a rejected key says so: status 401, keyRejected, and no key in the message', async () => {
    const l = articlesLiveLoader({
      baseUrl: server.baseUrl,
      apiKey: 'demo-revoked-key',
      ...UNHURRIED,
    });
    const result = await load(l);
    const error = 'error' in result ? (result.error as ContentReadLiveError) : undefined;
    expect(error?.status).toBe(401);
    expect(error?.code).toBe('invalid_token');
    expect(error?.keyRejected).toBe(true);
    expect(error?.message).not.toContain('demo-revoked-key');
  });
});
