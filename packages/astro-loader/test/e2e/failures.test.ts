import { AstroSite, FIXTURE_SITE, summaryOf } from '@content-read/test-support/astro-site';
import { pageSamples } from '@content-read/test-support/doc-samples';
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

/** A line with what changes from run to run (the collection that failed first, its request, the port) left out. */
const shape = (line: string) =>
  line
    .replace(/collection "\w+"/, 'collection "…"')
    .replace(/\/api\/v1\/\w+\?[^\s:)]*/g, '…')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:…');

/** Asserts that the quickstart's sample of failed syncs shows `line` as the build printed it. */
async function inQuickstart(line: string) {
  const sample = (await pageSamples('getting-started/quickstart.md')).find((s) =>
    s.code.includes('Could not sync collection'),
  );
  const shown = (sample?.code ?? '').split('\n').map(shape);
  expect(shown, `getting-started/quickstart.md should show: ${line}`).toContain(shape(line));
}

// Each build has its own copy of the site (its own store), so the cases, and the builds within a
// case that do not follow from one another, run at once; the longest cases come first. A build
// that succeeds serves every case that reads it (Astro starting is most of a build's cost); one
// that fails reports only its first failure, so each failure has a build of its own.
describe.concurrent('when the API fails', { timeout: 240_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  let deadUrl: string;
  const sites: AstroSite[] = [];
  const proxies: Array<{ close(): Promise<void> }> = [];
  beforeAll(async () => {
    server = await startMock();
    const dead = await startMock();
    deadUrl = dead.baseUrl;
    await dead.close();
  });
  afterAll(async () => {
    await server?.close();
    for (const proxy of proxies) await proxy.close();
    for (const site of sites) await site.dispose();
  });
  const fresh = async (from: AstroSite | string = FIXTURE_SITE) => {
    const site = typeof from === 'string' ? await AstroSite.copy(from) : await from.clone();
    sites.push(site);
    return site;
  };
  /** The API behind a proxy that rewrites its list items with `mutate`, closed after the suite. */
  const rewriting = async (mutate: (item: Record<string, unknown>) => void) => {
    const proxy = await startRewritingProxy(server.baseUrl, mutate);
    proxies.push(proxy);
    return proxy.baseUrl;
  };

  /** What `make` gives, made once, by the first of the (concurrent) cases that asks for it. */
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => {
      made ??= make();
      return made;
    };
  };
  /** art_0002's HTML cut inside a tag; its store is also the last successful sync kept below. */
  const cutHtmlBuild = once(async () => {
    const baseUrl = await rewriting((item) => {
      if (item.id === 'art_0002') item.html = '<p>Intro</p><div ';
    });
    const site = await fresh();
    return { site, built: await site.build(site.env({ baseUrl, apiKey: FULL_KEY })) };
  });
  /** With invalidArticles: 'skip', against an API serving both invalid articles of the cases below. */
  const skippingBuild = once(async () => {
    const baseUrl = await rewriting((item) => {
      if (item.id === 'art_0009') item.published_at = 'last tuesday';
      if (item.id === 'art_0002') item.title = 10;
    });
    const site = await fresh();
    return site.build(site.env({ baseUrl, apiKey: FULL_KEY }, { invalidArticles: 'skip' }));
  });
  /** A cold build without options against an API serving one invalid article: it must fail. */
  const failingBuild = async (mutate: (item: Record<string, unknown>) => void) => {
    const baseUrl = await rewriting(mutate);
    const site = await fresh();
    return site.build(site.env({ baseUrl, apiKey: FULL_KEY }));
  };

  it("an unreachable API keeps the last successful content with onError: 'keep-last', and fails without it", async () => {
    // What is kept is the data store of the last successful build (the one with the cut HTML).
    const { site: synced, built } = await cutHtmlBuild();
    expect(built.code, built.output).toBe(0);
    const [site, other] = await Promise.all([fresh(synced), fresh(synced)]);
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
    const [failed, skipped] = await Promise.all([
      failingBuild((item) => {
        if (item.id === 'art_0009') item.published_at = 'last tuesday';
      }),
      skippingBuild(),
    ]);
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain(
      'Collection "articles": article art_0009 is invalid: field "published_at": not an RFC 3339 date.',
    );
    await inQuickstart(errorLine(failed.output));
    expect(skipped.code, skipped.output).toBe(0);
    expect(skipped.output).toContain('article art_0009 is invalid: field "published_at"');
    // Two skipped: this case's article and the next case's (one build serves both).
    expect(summaryOf(skipped.output, 'articles')).toMatch(/30 entries .*2 skipped/);
    expect(skipped.pages['articles/art_0009/index.html']).toBeUndefined();
    expect(skipped.pages['articles/art_0011/index.html']).toBeDefined();
  });

  it("an article that breaks the API contract (a numeric title) is skipped by the client with invalidArticles: 'skip'", async () => {
    const [failed, skipped] = await Promise.all([
      failingBuild((item) => {
        if (item.id === 'art_0002') item.title = 10;
      }),
      skippingBuild(),
    ]);
    expect(failed.code).not.toBe(0);
    expect(errorLine(failed.output)).toContain('article art_0002 is invalid: field "title"');
    expect(skipped.code, skipped.output).toBe(0);
    expect(skipped.output).toContain('article art_0002 is invalid: field "title"');
    expect(summaryOf(skipped.output, 'articles')).toMatch(/30 entries .*2 skipped/);
    expect(skipped.pages['articles/art_0002/index.html']).toBeUndefined();
    // The 30 left are the 32 less this case's article and the previous case's.
    expect(skipped.pages['index.html']).toContain('blogs:3 articles:30');
  });

  it('an article whose HTML is cut inside a tag builds: the body is rendered, nothing blamed', async () => {
    const { built } = await cutHtmlBuild();
    expect(built.code, built.output).toBe(0);
    expect(built.output).not.toMatch(/is invalid|unbalanced/);
    expect(built.pages['articles/art_0002/index.html']).toContain('<p>Intro</p>');
    expect(built.pages['index.html']).toContain('blogs:3 articles:32');
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
    await inQuickstart(errorLine(output));
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
    await inQuickstart(errorLine(output));
  });
});
