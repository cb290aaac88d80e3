import { AstroSite, FIXTURE_SITE, summaryOf } from '@content-read/test-support/astro-site';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRewritingProxy } from '../helpers/rewriting-proxy.js';

/** The loader's one-line error, as Astro prints it. */
function errorLine(output: string): string {
  return (
    output
      .split('\n')
      .find((l) => l.includes('Could not sync collection') || l.includes('is invalid')) ?? ''
  );
}

// Each build has its own copy of the site (its own store), so the cases, and the builds within a
// case that do not follow from one another, run at once; the longest cases come first.
describe.concurrent('when the API fails', { timeout: 240_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  let deadUrl: string;
  const sites: AstroSite[] = [];
  beforeAll(async () => {
    server = await startMock();
    const dead = await startMock();
    deadUrl = dead.baseUrl;
    await dead.close();
  });
  afterAll(async () => {
    await server?.close();
    for (const site of sites) await site.dispose();
  });
  const fresh = async (from: AstroSite | string = FIXTURE_SITE) => {
    const site = typeof from === 'string' ? await AstroSite.copy(from) : await from.clone();
    sites.push(site);
    return site;
  };

  it("an unreachable API keeps the last successful content with onError: 'keep-last', and fails without it", async () => {
    const site = await fresh();
    // What is kept is the data store, which a sync writes as a build does.
    const good = await site.run(
      'sync',
      site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY }, { onError: 'keep-last' }),
    );
    expect(good.code, good.output).toBe(0);
    const other = await fresh(site);
    const [kept, failed] = await Promise.all([
      site.build(
        site.env(
          { baseUrl: deadUrl, apiKey: FULL_KEY },
          { onError: 'keep-last', retry: { retries: 0 } },
        ),
      ),
      other.build(other.env({ baseUrl: deadUrl, apiKey: FULL_KEY }, { retry: { retries: 0 } })),
    ]);
    expect(kept.code, kept.output).toBe(0);
    expect(kept.output).toMatch(
      /Could not sync collection "articles": the API could not be reached.*Keeping the 32 entries/,
    );
    expect(kept.pages['index.html']).toContain('blogs:3 articles:32');
    expect(failed.code).not.toBe(0);
  });

  it('a malformed article fails the build naming its id and field; invalidArticles: skip leaves it out', async () => {
    const proxy = await startRewritingProxy(server.baseUrl, (item) => {
      if (item.id === 'art_0009') item.published_at = 'last tuesday';
    });
    try {
      const [failed, skipped] = await invalidArticleBuilds(proxy.baseUrl);
      expect(failed.code).not.toBe(0);
      expect(failed.output).toContain(
        'Collection "articles": article art_0009 is invalid: field "published_at": not an RFC 3339 date.',
      );
      expect(skipped.code, skipped.output).toBe(0);
      expect(skipped.output).toContain('article art_0009 is invalid: field "published_at"');
      expect(summaryOf(skipped.output, 'articles')).toMatch(/31 entries .*1 skipped/);
      expect(skipped.pages['articles/art_0009/index.html']).toBeUndefined();
      expect(skipped.pages['articles/art_0002/index.html']).toBeDefined();
    } finally {
      await proxy.close();
    }
  });

  it("an article that breaks the API contract (a numeric title) is skipped by the client with invalidArticles: 'skip'", async () => {
    const proxy = await startRewritingProxy(server.baseUrl, (item) => {
      if (item.id === 'art_0002') item.title = 10;
    });
    try {
      const [failed, skipped] = await invalidArticleBuilds(proxy.baseUrl);
      expect(failed.code).not.toBe(0);
      expect(errorLine(failed.output)).toContain('article art_0002 is invalid: field "title"');
      expect(skipped.code, skipped.output).toBe(0);
      expect(skipped.output).toContain('article art_0002 is invalid: field "title"');
      expect(summaryOf(skipped.output, 'articles')).toMatch(/31 entries .*1 skipped/);
      expect(skipped.pages['articles/art_0002/index.html']).toBeUndefined();
      expect(skipped.pages['index.html']).toContain('blogs:3 articles:31');
    } finally {
      await proxy.close();
    }
  });

  /** Cold builds against an API serving an invalid article: without options, and with skip. */
  async function invalidArticleBuilds(baseUrl: string) {
    const [plain, skipping] = await Promise.all([fresh(), fresh()]);
    return Promise.all([
      plain.build(plain.env({ baseUrl, apiKey: FULL_KEY })),
      skipping.build(skipping.env({ baseUrl, apiKey: FULL_KEY }, { invalidArticles: 'skip' })),
    ]);
  }

  it('an article whose HTML is cut inside a tag builds: the body is rendered, nothing blamed', async () => {
    const proxy = await startRewritingProxy(server.baseUrl, (item) => {
      if (item.id === 'art_0002') item.html = '<p>Intro</p><div ';
    });
    const site = await fresh();
    try {
      const built = await site.build(site.env({ baseUrl: proxy.baseUrl, apiKey: FULL_KEY }));
      expect(built.code, built.output).toBe(0);
      expect(built.output).not.toMatch(/is invalid|unbalanced/);
      expect(built.pages['articles/art_0002/index.html']).toContain('<p>Intro</p>');
      expect(built.pages['index.html']).toContain('blogs:3 articles:32');
    } finally {
      await proxy.close();
    }
  });

  it('a revoked key fails the build with one line naming the collection and the cause', async () => {
    const site = await fresh();
    const { code, output } = await site.build(
      site.env({ baseUrl: server.baseUrl, apiKey: 'demo-revoked-key' }),
    );
    expect(code).not.toBe(0);
    expect(errorLine(output)).toMatch(
      /Could not sync collection "(blogs|articles)": the API rejected the key \(401 invalid_token on \/api\/v1\/(blogs|articles)/,
    );
    expect(output).not.toContain('demo-revoked-key');
    // One line, not a trace through the HTTP client.
    expect(output).not.toMatch(/Caused by|at errorForResponse|node_modules\/p-retry/);
  });

  it('missing configuration names both variables', async () => {
    const site = await fresh();
    const { code, output } = await site.build(site.env({}));
    expect(code).not.toBe(0);
    expect(output).toContain('missing configuration: set CONTENT_API_URL and CONTENT_API_KEY');
  });

  it('an unreachable API fails the build when there is no earlier sync to keep', async () => {
    const site = await fresh();
    const env = site.env(
      { baseUrl: deadUrl, apiKey: FULL_KEY },
      { onError: 'keep-last', retry: { retries: 0 } },
    );
    const { code, output } = await site.build(env);
    expect(code).not.toBe(0);
    expect(errorLine(output)).toMatch(
      /Could not sync collection "(blogs|articles)": the API could not be reached/,
    );
  });
});
