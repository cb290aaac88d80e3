import { createMockServer, demoKeys } from '@content-read/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncErrorLines } from '../support/astro-site.js';
import { useApiAndSite } from './support/api-and-site.js';

// Outage at build time: the API is down, rejects the key (401) or answers 500 forever. The build
// ends by itself, after a bounded number of attempts (counted in the mock's request log), with one
// actionable message, and the content synced before is untouched; with onError: 'keep-last' the
// build succeeds on that content and warns.

const full = demoKeys.find((k) => k.name === 'full');
if (!full) throw new Error('The demo dataset has no "full" key.');
/**
 * Core's default number of retries, with a backoff of milliseconds instead of its default (0.5 s
 * doubling up to 10 s): every failing request waits out its backoff, and core's own tests hold
 * the default schedule.
 */
const RETRIES = 3;
const RETRY = { retry: { retries: RETRIES, minTimeout: 10, maxTimeout: 40 } };
/**
 * A hang guard, not a measure: a build still running after this is killed, so a build that would
 * retry or wait forever fails the test (it did not exit by itself) with its output. Well above any
 * build here, which ends in seconds; the tests' own timeout is above it.
 */
const HANG_GUARD_MS = 240_000;
const TEST_TIMEOUT_MS = HANG_GUARD_MS + 60_000;

/** The API paths a failure line names ("… on /api/v1/blogs?per_page=500&page=1 …"). */
const failedPaths = (lines: string[]) =>
  lines.map((l) => /\bon (\/api\/v1\/[^\s):]+)/.exec(l)?.[1] ?? `no path in: ${l}`);

/** How many requests the mock received for each path. */
function requestsByPath(requests: readonly { path: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of requests) counts[r.path] = (counts[r.path] ?? 0) + 1;
  return counts;
}

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
      // Nothing listens there to count the attempts; the mock must see none of them either.
      attempts: 0,
      status: undefined,
    },
    {
      name: 'the API answers 401',
      url: () => rig.baseUrl,
      start: () => mock.updateKey(full.id, { revoked: true }),
      stop: () => mock.updateKey(full.id, { revoked: false }),
      message:
        /Could not sync collection "(blogs|articles)": the API rejected the key \(401.*Check CONTENT_API_KEY/,
      // A rejected key is final: no retry.
      attempts: 1,
      status: 401,
    },
    {
      name: 'the API answers 500 forever',
      url: () => rig.baseUrl,
      start: () => mock.setFaults({ serverError: 1 }),
      stop: () => mock.setFaults(undefined),
      message: /Could not sync collection "(blogs|articles)":.*500/,
      // The first attempt and every retry, then no more.
      attempts: RETRIES + 1,
      status: 500,
    },
  ];

  for (const outage of outages) {
    describe(`when ${outage.name}`, () => {
      beforeAll(() => outage.start());
      afterAll(() => outage.stop());

      it(
        'ends by itself after bounded attempts, with one actionable message, the synced content intact',
        async () => {
          const { site } = rig;
          mock.resetStats();
          const run = await site.run(
            'build',
            site.env({ baseUrl: outage.url(), apiKey: full.key }, RETRY),
            { killAfterMs: HANG_GUARD_MS },
          );
          const output = run.stdout + run.stderr;
          // Exited by itself (not killed by the hang guard), with Astro's failure code.
          expect({ signal: run.signal, code: run.code }, output).toEqual({ signal: null, code: 1 });
          const lines = syncErrorLines(output);
          expect(lines.length, output).toBeGreaterThan(0);
          // One message: every line that reports the failure says the same thing.
          expect(new Set(lines.map((l) => l.replace(/^.*?(Could not sync)/, '$1'))).size).toBe(1);
          expect(lines[0]).toMatch(outage.message);
          // The request that failed the build was tried exactly `attempts` times, none more.
          const counts = requestsByPath(mock.requests);
          if (outage.attempts > 0) {
            const [failed = ''] = failedPaths(lines);
            expect(counts[failed], JSON.stringify(counts)).toBe(outage.attempts);
          }
          for (const [path, n] of Object.entries(counts))
            expect(n, path).toBeLessThanOrEqual(outage.attempts);
          expect(mock.requests.every((r) => r.status === outage.status)).toBe(true);
          expect(await site.dataStore()).toEqual(before);
        },
        TEST_TIMEOUT_MS,
      );

      it(
        "with onError: 'keep-last' builds the previous content and warns",
        async () => {
          const { site } = rig;
          mock.resetStats();
          const run = await site.run(
            'build',
            site.env(
              { baseUrl: outage.url(), apiKey: full.key },
              { ...RETRY, onError: 'keep-last' },
            ),
            { killAfterMs: HANG_GUARD_MS },
          );
          const output = run.stdout + run.stderr;
          expect({ signal: run.signal, code: run.code }, output).toEqual({ signal: null, code: 0 });
          expect(output).toMatch(/Could not sync collection "articles".*Keeping the 32 entries/);
          expect(output).toMatch(/Could not sync collection "blogs".*Keeping the 3 entries/);
          // Both collections gave up, each after exactly `attempts` tries of its listing.
          const lines = syncErrorLines(output);
          expect(lines, output).toHaveLength(2);
          const expected =
            outage.attempts > 0
              ? Object.fromEntries(failedPaths(lines).map((path) => [path, outage.attempts]))
              : {};
          expect(requestsByPath(mock.requests)).toEqual(expected);
          expect((await site.files('dist')).get('index.html')).toContain('blogs:3 articles:32');
        },
        TEST_TIMEOUT_MS,
      );
    });
  }
});
