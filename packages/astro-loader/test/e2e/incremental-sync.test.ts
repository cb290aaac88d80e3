import { stripVTControlCharacters } from 'node:util';
import {
  AstroSite,
  type BuildResult,
  FIXTURE_SITE,
  summaryOf,
} from '@content-read/test-support/astro-site';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// One site and one mock server, built in order: cold, warm, one change and one deletion (one
// build), then synced with other options (only the sync is asserted there: no pages to render).
describe('building a site incrementally', { timeout: 120_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  let site: AstroSite;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    server = await startMock();
    site = await AstroSite.copy(FIXTURE_SITE);
    env = site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY });
  });
  afterAll(async () => {
    await server?.close();
    await site?.dispose();
  });

  it('cold build: every visible article becomes a page with sanitised body, headings and its blog', async () => {
    const { code, output, pages } = await site.build(env);
    expect(code, output).toBe(0);
    expect(pages['index.html']).toContain('blogs:3 articles:32');
    const article = pages['articles/art_0002/index.html'] ?? '';
    expect(article).toContain('<h1 id="title">A Type Scale for Long Reads</h1>');
    expect(article).toContain('<p id="blog">Northwind Design Notes</p>');
    expect(article).toMatch(
      /<li data-depth="2"><a href="#user-content-what-comes-next">What comes next<\/a><\/li>/,
    );
    expect(article).toContain('<h2 id="user-content-what-comes-next">What comes next</h2>');
    expect(article).not.toMatch(/<script|onerror=|javascript:/);
    expect(summaryOf(output, 'articles')).toContain(
      '32 entries (32 new, 0 updated, 0 removed, 0 unchanged)',
    );
  });

  it('warm build: every page is a 304 and no entry is reprocessed', async () => {
    server.mock.resetStats();
    const { code, output, pages } = await site.build(env);
    expect(code, output).toBe(0);
    expect(server.mock.stats.requests).toBe(2);
    expect(server.mock.stats.notModified).toBe(2);
    expect(summaryOf(output, 'articles')).toContain(
      '32 entries (0 new, 0 updated, 0 removed, 32 unchanged) · 1 page, 1 not modified (304)',
    );
    expect(summaryOf(output, 'blogs')).toContain(
      '3 entries (0 new, 0 updated, 0 removed, 3 unchanged)',
    );
    expect(pages['index.html']).toContain('articles:32');
  });

  /**
   * One build after both an article changed and another was deleted (each build is mostly Astro
   * starting): the summary counts each apart, so either case fails if the other's change leaks.
   */
  let afterEdits: Promise<BuildResult> | undefined;
  const buildAfterEdits = () => {
    afterEdits ??= (() => {
      server.mock.updateArticle('art_0002', {
        title: 'A Type Scale, Revised',
        html: '<h2>New part</h2><p>x</p>',
      });
      server.mock.deleteArticle('art_0007');
      // A new title, the same two code blocks.
      server.mock.updateArticle('art_0022', { title: 'Type-Safe Configuration, Retitled' });
      return site.build(env);
    })();
    return afterEdits;
  };
  const EDITED_SUMMARY = '31 entries (0 new, 2 updated, 1 removed, 29 unchanged)';

  it('one article changed: only it is reprocessed and the page shows the change', async () => {
    const { code, output, pages } = await buildAfterEdits();
    expect(code, output).toBe(0);
    expect(summaryOf(output, 'articles')).toContain(EDITED_SUMMARY);
    const article = pages['articles/art_0002/index.html'] ?? '';
    expect(article).toContain('A Type Scale, Revised');
    expect(article).toContain('<h2 id="user-content-new-part">New part</h2>');
  });

  it("a changed article's unchanged code blocks are taken from its last entry, not highlighted again", async () => {
    const { code, output, pages } = await buildAfterEdits();
    expect(code, output).toBe(0);
    expect(stripVTControlCharacters(output)).toContain(
      'articles: 2 code blocks highlighted, 2 of them taken from the entries they replaced',
    );
    const article = pages['articles/art_0022/index.html'] ?? '';
    expect(article).toContain('Type-Safe Configuration, Retitled');
    expect(article.match(/<pre class="astro-code github-dark"/g)).toHaveLength(2);
  });

  it('one article deleted: its entry and page are gone', async () => {
    const { code, output, pages } = await buildAfterEdits();
    expect(code, output).toBe(0);
    expect(summaryOf(output, 'articles')).toContain(EDITED_SUMMARY);
    expect(pages['articles/art_0007/index.html']).toBeUndefined();
    expect(pages['index.html']).toContain('articles:31');
  });

  it('an option change forgets the ETags and reprocesses every entry once', async () => {
    server.mock.resetStats();
    const changed = site.env(
      { baseUrl: server.baseUrl, apiKey: FULL_KEY },
      { invalidArticles: 'skip' },
    );
    const { code, output } = await site.run('sync', changed);
    expect(code, output).toBe(0);
    expect(output).toContain(
      'articles: loader version or options changed, reading everything again',
    );
    expect(summaryOf(output, 'articles')).toContain(
      '31 entries (0 new, 31 updated, 0 removed, 0 unchanged)',
    );
    // The articles listing went out without If-None-Match; blogs (whose options did not change) got a 304.
    const articles = server.mock.requests.filter((r) => r.path.startsWith('/api/v1/articles'));
    expect(articles.map((r) => [r.conditional, r.status])).toEqual([[false, 200]]);
    expect(summaryOf(output, 'blogs')).toContain('1 not modified (304)');
  });
});
