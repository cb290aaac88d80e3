import { GENERATED_KEYS, generateDataset } from '@content-read/mock-server';
import { AstroSite, FIXTURE_SITE } from '@content-read/test-support/astro-site';
import { startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A real `astro sync` of ~1 MB of article HTML (past the pool's inline threshold): with worker
// threads the data store is the same, file for file, as without; and the sync exits. The two
// syncs run at once, each in its own copy of the site. The threads always get the first batches
// past the threshold; how many more they get, and how many the main thread takes while they are
// busy, depends on timing.
describe('sanitising on worker threads in a real astro sync', { timeout: 300_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  const sites: AstroSite[] = [];
  beforeAll(async () => {
    server = await startMock({
      dataset: generateDataset({
        seed: 3,
        articles: 200,
        blogs: 2,
        bodyBytes: 5000,
        privateFraction: 0,
      }),
    });
  });
  afterAll(async () => {
    await server?.close();
    for (const site of sites) await site.dispose();
  });

  const coldSync = async (sanitiseWorkers: number) => {
    const site = await AstroSite.copy(FIXTURE_SITE);
    sites.push(site);
    const env = site.env(
      { baseUrl: server.baseUrl, apiKey: GENERATED_KEYS.full },
      { sanitiseWorkers },
    );
    const run = await site.run('sync', env, { args: ['--verbose'] });
    expect(run.code, run.output).toBe(0);
    const threaded = /(\d+) article bodies sanitised on worker threads/.exec(run.output)?.[1];
    return { store: await site.dataStore(), output: run.output, threaded: Number(threaded ?? 0) };
  };

  it('stores the same bytes with the pool on as off', async () => {
    const [on, off] = await Promise.all([coldSync(2), coldSync(0)]);
    expect(on.output).not.toContain('sanitiser thread failed');
    expect(on.threaded, on.output.slice(-3000)).toBeGreaterThan(0);
    expect(off.threaded).toBe(0);
    expect(on.store.size).toBeGreaterThan(0);
    expect(on.store).toEqual(off.store);
  });
});
