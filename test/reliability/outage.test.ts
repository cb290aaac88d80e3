import { createMockServer, demoKeys } from '@content-read/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncErrorLines } from '../support/astro-site.js';
import { useApiAndSite } from './support/api-and-site.js';

// Outage at build time: the API is down, rejects the key (401) or answers 500 forever. The build
// fails within a bounded time with one actionable message, and the content synced before is
// untouched; with onError: 'keep-last' the build succeeds on that content and warns.

const full = demoKeys.find((k) => k.name === 'full');
if (!full) throw new Error('The demo dataset has no "full" key.');
const BOUND_MS = 90_000; // the retries below plus Astro's own start-up, with room for a busy machine
/**
 * Core's default number of retries, with a backoff of milliseconds instead of its default (0.5 s
 * doubling up to 10 s): every failing request waits out its backoff, and core's own tests hold
 * the default schedule.
 */
const RETRY = { retry: { retries: 3, minTimeout: 10, maxTimeout: 40 } };

describe('a build during an API outage', () => {
  const mock = createMockServer();
  const rig = useApiAndSite(mock);
  let before: Map<string, string>;

  beforeAll(async () => {
    const { site, baseUrl } = rig;
    const good = await site.run('build', site.env({ baseUrl, apiKey: full.key }));
    expect(good.code, good.stdout + good.stderr).toBe(0);
    before = await site.dataStore();
    expect((await site.files('dist')).get('index.html')).toContain('blogs:3 articles:32');
  });

  const outages = [
    {
      name: 'the API is down',
      url: () => rig.deadUrl,
      start: () => {},
      stop: () => {},
      message:
        /Could not sync collection "(blogs|articles)": the API could not be reached.*CONTENT_API_URL/,
    },
    {
      name: 'the API answers 401',
      url: () => rig.baseUrl,
      start: () => mock.updateKey(full.id, { revoked: true }),
      stop: () => mock.updateKey(full.id, { revoked: false }),
      message:
        /Could not sync collection "(blogs|articles)": the API rejected the key \(401.*Check CONTENT_API_KEY/,
    },
    {
      name: 'the API answers 500 forever',
      url: () => rig.baseUrl,
      start: () => mock.setFaults({ serverError: 1 }),
      stop: () => mock.setFaults(undefined),
      message: /Could not sync collection "(blogs|articles)":.*500/,
    },
  ];

  for (const outage of outages) {
    describe(`when ${outage.name}`, () => {
      beforeAll(() => outage.start());
      afterAll(() => outage.stop());

      it('fails in bounded time with one actionable message, the synced content intact', async () => {
        const { site } = rig;
        const run = await site.run(
          'build',
          site.env({ baseUrl: outage.url(), apiKey: full.key }, RETRY),
        );
        const output = run.stdout + run.stderr;
        expect(run.code, output).not.toBe(0);
        expect(run.ms).toBeLessThan(BOUND_MS);
        const lines = syncErrorLines(output);
        expect(lines.length, output).toBeGreaterThan(0);
        // One message: every line that reports the failure says the same thing.
        expect(new Set(lines.map((l) => l.replace(/^.*?(Could not sync)/, '$1'))).size).toBe(1);
        expect(lines[0]).toMatch(outage.message);
        expect(await site.dataStore()).toEqual(before);
      });

      it("with onError: 'keep-last' builds the previous content and warns", async () => {
        const { site } = rig;
        const run = await site.run(
          'build',
          site.env({ baseUrl: outage.url(), apiKey: full.key }, { ...RETRY, onError: 'keep-last' }),
        );
        const output = run.stdout + run.stderr;
        expect(run.code, output).toBe(0);
        expect(run.ms).toBeLessThan(BOUND_MS);
        expect(output).toMatch(/Could not sync collection "articles".*Keeping the 32 entries/);
        expect((await site.files('dist')).get('index.html')).toContain('blogs:3 articles:32');
      });
    });
  }
});
