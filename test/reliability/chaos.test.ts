import { createMockServer, GENERATED_KEYS, generateDataset } from '@content-read/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AstroSite, FIXTURE_SITE } from '../support/astro-site.js';
import { listenOnLoopback } from '../support/mock-server.js';
import { sizes } from './support/sizes.js';

// Chaos: 30% of the API's responses go wrong (429 with Retry-After, 503, connections reset
// mid-body, truncated JSON, stalls past the client's timeout), and the data store a sync
// leaves behind is byte for byte the one a clean sync leaves, over several seeded runs.
// CI: a few hundred articles, 2 runs; `npm run test:soak`: 10,000 articles, 20 runs.

const N = sizes.chaosArticles;
const RUNS = sizes.chaosRuns;
const PER_PAGE = N >= 5_000 ? 100 : 10; // enough pages for the faults to land on
/**
 * The client's headers/body timeout here: a stall must outlast it, and every stall is waited for,
 * so not core's default of 30 s (core's own tests hold that default).
 */
const TIMEOUT_MS = 2_000;

/** 30% in all, and a stall outlasting the client's headers/body timeout. */
const chaos = (seed: number) => ({
  seed,
  rateLimited: 0.08,
  unavailable: 0.08,
  reset: 0.06,
  truncate: 0.06,
  stall: 0.02,
  stallMs: TIMEOUT_MS + 1_000,
  stallAt: seed % 2 === 0 ? ('body' as const) : ('headers' as const),
  retryAfterSeconds: 1,
});

/** Patient enough that a page failing several times in a row is still read. */
const options = {
  perPage: PER_PAGE,
  timeouts: { headers: TIMEOUT_MS, body: TIMEOUT_MS },
  retry: { retries: 10, minTimeout: 20, maxTimeout: 250, maxRetryAfter: 2_000 },
};

describe(`a sync under chaos (${N} articles, ${RUNS} seeded runs)`, () => {
  const mock = createMockServer({
    dataset: generateDataset({ seed: 7, articles: N, blogs: 5, bodyBytes: 1500 }),
  });
  let baseUrl: string;
  let close: () => Promise<void>;
  let clean: Map<string, string>;
  let site: AstroSite;

  beforeAll(async () => {
    ({ baseUrl, close } = await listenOnLoopback(mock));
    site = await AstroSite.copy(FIXTURE_SITE);
    const run = await site.run('sync', site.env({ baseUrl, apiKey: GENERATED_KEYS.full }, options));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    clean = await site.dataStore();
    expect(clean.size).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await close?.();
    await site?.dispose();
  });

  it('leaves the same data store as a clean sync, run after run', {
    timeout: RUNS * 300_000,
  }, async () => {
    const injected: Record<string, number> = {};
    for (let seed = 1; seed <= RUNS; seed++) {
      const chaosSite = await AstroSite.copy(FIXTURE_SITE);
      try {
        mock.setFaults(chaos(seed));
        mock.resetStats();
        const run = await chaosSite.run(
          'sync',
          chaosSite.env({ baseUrl, apiKey: GENERATED_KEYS.full }, options),
        );
        const { faults, requests } = mock.stats;
        for (const [kind, count] of Object.entries(faults))
          injected[kind] = (injected[kind] ?? 0) + count;
        expect(run.code, `seed ${seed}:\n${run.stdout}${run.stderr}`).toBe(0);
        const faulted = Object.values(faults).reduce((a, b) => a + b, 0);
        expect(
          faulted,
          `seed ${seed}: no fault was injected in ${requests} requests`,
        ).toBeGreaterThan(0);
        const store = await chaosSite.dataStore();
        expect([...store.keys()].sort()).toEqual([...clean.keys()].sort());
        for (const [file, text] of clean)
          expect(store.get(file) === text, `seed ${seed}: ${file} differs`).toBe(true);
      } finally {
        mock.setFaults(undefined);
        await chaosSite.dispose();
      }
    }
    console.log(
      `chaos: ${RUNS} runs of ${N} articles, faults injected: ${JSON.stringify(injected)}`,
    );
    expect(injected.rate_limited ?? 0).toBeGreaterThan(0);
    expect(injected.unavailable ?? 0).toBeGreaterThan(0);
  });
});
