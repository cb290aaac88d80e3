import {
  AstroSite,
  FIXTURE_SITE,
  summaryOf,
  syncErrorLines,
} from '@content-read/test-support/astro-site';
import { listenOnLoopback } from '@content-read/test-support/mock-server';
import { afterAll, describe, expect, it } from 'vitest';
import { collidingBlogsMock, KEY, startContractOnlyUpstream } from '../live/upstreams.js';

// A real build against an API that ignores `?blog=` (every listing holds every blog), where
// blog_0001's slug is "blog_0002", the id of another blog. Each case has its own API (whose
// requests it reads) and its own copy of the site, so the cases run at once.
describe.concurrent('build-time blogs option against an API that ignores ?blog=', {
  timeout: 240_000,
}, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const setup = async () => {
    const mock = await listenOnLoopback(collidingBlogsMock());
    cleanups.push(() => mock.close());
    const upstream = await startContractOnlyUpstream(mock.mock);
    cleanups.push(() => upstream.close());
    const site = await AstroSite.copy(FIXTURE_SITE);
    cleanups.push(() => site.dispose());
    const env = (blogs: string[]) =>
      site.env({ baseUrl: upstream.baseUrl, apiKey: KEY }, { blogs });
    const articlesOf = (blog: string) =>
      mock.mock.dataset.articles
        .filter((a) => a.blog_id === blog)
        .map((a) => a.id)
        .sort();
    return { upstream, site, env, articlesOf };
  };
  /** The article pages built, and the blog names they show. */
  const built = (pages: Record<string, string>) => {
    const articles = Object.keys(pages)
      .map((path) => /^articles\/([^/]+)\/index\.html$/.exec(path)?.[1])
      .filter((id): id is string => id !== undefined)
      .sort();
    const blogNames = new Set(
      Object.values(pages).flatMap((html) => /<p id="blog">([^<]*)</.exec(html)?.[1] ?? []),
    );
    const counts = /blogs:(\d+) articles:(\d+)/.exec(pages['index.html'] ?? '')?.slice(1);
    return { articles, blogNames, counts };
  };

  it('keeps only the named blog, on a cold build and on an incremental one (304 pages)', async () => {
    const { upstream, site, env, articlesOf } = await setup();
    const expected = articlesOf('blog_0003');
    expect(expected.length).toBeGreaterThan(0);
    for (const run of ['cold', 'incremental']) {
      const { code, output, pages } = await site.build(env(['blog-3']));
      expect(code, output).toBe(0);
      const result = built(pages);
      expect(result.articles, run).toEqual(expected);
      expect(result.blogNames, run).toEqual(new Set(['Blog 3']));
      expect(result.counts, run).toEqual(['1', String(expected.length)]);
      if (run === 'incremental')
        expect(summaryOf(output, 'articles')).toContain('1 page, 1 not modified (304)');
    }
    const listed = upstream.seen.filter((path) => path.startsWith('/api/v1/articles'));
    expect(listed.every((path) => path.includes('blog=blog_0003'))).toBe(true);
  });

  it('a name that is one blog’s id and another’s slug is the blog with that id', async () => {
    const { site, env, articlesOf } = await setup();
    const { code, output, pages } = await site.build(env(['blog_0002']));
    expect(code, output).toBe(0);
    const result = built(pages);
    expect(result.articles).toEqual(articlesOf('blog_0002'));
    expect(result.blogNames).toEqual(new Set(['Blog 2']));
  });

  it('a name that matches no readable blog fails the sync with one line naming it', async () => {
    const { site, env } = await setup();
    const { code, output } = await site.run('sync', env(['blog-3', 'nwes']));
    expect(code).not.toBe(0);
    const lines = syncErrorLines(output);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatch(
        /Could not sync collection "(blogs|articles)": the blogs option names "nwes", which matches no blog this key can read \(by id or slug\)\. Fix the name in the blogs option; the key reads blog_0001 \(blog_0002\), blog_0002 \(blog-2\), blog_0003 \(blog-3\), or widen the key's blog scope\./,
      );
    expect(output).not.toContain(KEY);
  });
});
