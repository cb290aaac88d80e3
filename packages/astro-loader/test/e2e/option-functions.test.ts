import { AstroSite, FIXTURE_SITE, summaryOf } from '@content-read/test-support/astro-site';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, describe, expect, it } from 'vitest';

// filter and generateId that read a variable from outside the options: the sync state cannot see
// the change in their source, and the second build's listing is all 304s; the entries must still
// be what the functions say now. Each case has its own API (whose requests it counts) and its own
// copy of the site, so the cases run at once.
describe.concurrent('option functions whose outside variable changed between builds', {
  timeout: 240_000,
}, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const setup = async () => {
    const server = await startMock();
    cleanups.push(() => server.close());
    const site = await AstroSite.copy(FIXTURE_SITE);
    cleanups.push(() => site.dispose());
    const build = async (vars: Record<string, string>) => {
      const env = { ...site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY }), ...vars };
      const result = await site.build(env);
      expect(result.code, result.output).toBe(0);
      const index = result.pages['index.html'] ?? '';
      const ids = [...index.matchAll(/data-id="([^"]+)"/g)].map((m) => m[1]).sort();
      return { ...result, ids };
    };
    /** What the API serves, asked independently of the loader. */
    const served = async () => {
      const res = await fetch(`${server.baseUrl}/articles?per_page=500`, {
        headers: { authorization: `Bearer ${FULL_KEY}` },
      });
      return ((await res.json()) as { data: { id: string; tags: string[] }[] }).data;
    };
    const tagged = async (tag: string) =>
      (await served())
        .filter((a) => a.tags.includes(tag))
        .map((a) => a.id)
        .sort();
    return { server, build, served, tagged };
  };

  it('a filter is applied to 304 pages from the items held in the store', async () => {
    const { server, build, tagged } = await setup();
    const first = await build({ FIXTURE_ONLY_TAG: 'reliability' });
    expect(first.ids).toEqual(await tagged('reliability'));
    server.mock.resetStats();
    const second = await build({ FIXTURE_ONLY_TAG: 'hiring' });
    expect(server.mock.stats.notModified).toBe(2); // nothing changed on the server
    expect(second.ids).toEqual(await tagged('hiring'));
    expect(second.ids).not.toEqual(first.ids);
    expect(summaryOf(second.output, 'articles')).toContain('1 not modified (304)');
    for (const id of second.ids) expect(second.pages[`articles/${id}/index.html`]).toBeDefined();
  });

  it('a generateId is applied to 304 pages, and the old ids are gone', async () => {
    const { server, build, served } = await setup();
    const all = (await served()).map((a) => a.id).sort();
    const first = await build({ FIXTURE_ID_PREFIX: 'x-' });
    expect(first.ids).toEqual(all.map((id) => `x-${id}`).sort());
    server.mock.resetStats();
    const second = await build({ FIXTURE_ID_PREFIX: 'y-' });
    expect(server.mock.stats.notModified).toBe(2);
    expect(second.ids).toEqual(all.map((id) => `y-${id}`).sort());
    expect(second.pages['articles/x-art_0002/index.html']).toBeUndefined();
    expect(second.pages['articles/y-art_0002/index.html']).toContain('A Type Scale for Long Reads');
  });
});
