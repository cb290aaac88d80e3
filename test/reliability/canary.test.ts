import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { articlesLoader, blogsLoader } from '@content-read/astro-loader';
import { createClient } from '@content-read/core';
import { createMockServer, defaultDataset, demoKeys } from '@content-read/mock-server';
import { describe, expect, it } from 'vitest';
import type { AstroRun } from '../support/astro-site.js';
import { useApiAndSite } from './support/api-and-site.js';

// A recognisable key, valid in the mock server: after builds that succeed and builds that fail,
// it appears nowhere in stdout, stderr, dist/, the data store or .astro, nor in any error object
// the client or the loaders throw (String, JSON, util.inspect, the whole cause chain).

const CANARY = 'canary-K3Y-5f0c1a2b9d8e7f6a-do-not-leak';
const full = demoKeys.find((k) => k.name === 'full');
const team = defaultDataset().keys.find((k) => k.id === full?.id)?.team_id;
if (!full || !team) throw new Error('The demo dataset has no "full" key.');

/** One retry, after milliseconds rather than core's default backoff (its own tests hold that). */
const ONE_QUICK_RETRY = { retry: { retries: 1, minTimeout: 10, maxTimeout: 40 } };

/** `make`, run the first time the result is asked for; later calls share that result. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => {
    result ??= make();
    return result;
  };
}

/** Every way an error object can be turned into text, down its cause chain. */
function renderings(error: unknown): string[] {
  const out: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 10; depth++) {
    out.push(
      String(current),
      JSON.stringify(current) ?? '',
      inspect(current, { depth: 10, showHidden: true }),
    );
    if (current instanceof Error) out.push(current.stack ?? '', current.message);
    current = current instanceof Error ? current.cause : undefined;
  }
  return out;
}

/** The least of Astro's loader context a sync needs, in memory. */
function loaderContext(collection: string) {
  const entries = new Map<string, { id: string; digest?: string }>();
  const meta = new Map<string, string>();
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
  };
  return {
    lines,
    ctx: {
      collection,
      store: {
        get: (id: string) => entries.get(id),
        set: (e: { id: string; digest?: string }) => entries.set(e.id, e) && true,
        has: (id: string) => entries.has(id),
        keys: () => [...entries.keys()],
        values: () => [...entries.values()],
        entries: () => [...entries.entries()],
        delete: (id: string) => entries.delete(id),
        clear: () => entries.clear(),
      },
      meta: {
        get: (k: string) => meta.get(k),
        set: (k: string, v: string) => meta.set(k, v),
        has: (k: string) => meta.has(k),
        delete: (k: string) => meta.delete(k),
      },
      logger: {
        info: log,
        warn: log,
        error: log,
        debug: log,
        label: collection,
        fork: () => undefined,
      },
      config: { root: new URL('file:///nonexistent/') },
      generateDigest: (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex'),
      parseData: async ({ data }: { data: unknown }) => data,
    },
  };
}

describe('the canary key', () => {
  const mock = createMockServer();
  mock.addKey({ id: 'key_canary', team_id: team, key: CANARY });
  const rig = useApiAndSite(mock);

  /** Files of the site under `dir` that hold the canary. */
  async function leakingFiles(): Promise<Record<string, string[]>> {
    const leaking: Record<string, string[]> = {};
    for (const dir of ['dist', '.cache', '.astro']) {
      const files = await rig.site.files(dir);
      leaking[dir] = [...files].filter(([, text]) => text.includes(CANARY)).map(([f]) => f);
    }
    return leaking;
  }
  const NO_LEAKS = { dist: [], '.cache': [], '.astro': [] };

  /**
   * The file's Astro builds, run once, by whichever of the tests below needs them first (so each
   * of them also passes alone, `-t`): one with the canary that succeeds, as that build left the
   * site and the mock, then one per way of failing. Every output is kept.
   */
  const builds = once(async () => {
    const run = await rig.site.run('build', rig.site.env({ baseUrl: rig.baseUrl, apiKey: CANARY }));
    const working = {
      run,
      index: (await rig.site.files('dist')).get('index.html'),
      articleStatuses: mock.requests
        .filter((r) => r.path.startsWith('/api/v1/articles'))
        .map((r) => r.status),
      leaking: await leakingFiles(),
    };
    const failing: [string, () => void, object, string][] = [
      ['500', () => mock.setFaults({ serverError: 1 }), ONE_QUICK_RETRY, rig.baseUrl],
      [
        '429',
        () => mock.setFaults({ rateLimited: 1, retryAfterSeconds: 1 }),
        ONE_QUICK_RETRY,
        rig.baseUrl,
      ],
      ['reset', () => mock.setFaults({ reset: 1 }), ONE_QUICK_RETRY, rig.baseUrl],
      ['unreachable', () => mock.setFaults(undefined), { retry: { retries: 0 } }, rig.deadUrl],
      ['unknown blog', () => mock.setFaults(undefined), { blogs: ['no-such-blog'] }, rig.baseUrl],
    ];
    const failed: { name: string; run: AstroRun }[] = [];
    try {
      for (const [name, arrange, options, url] of failing) {
        arrange();
        // From an empty store: with the last sync's ETags every page is a bodiless 304, which a
        // reset or truncation cannot break, and the build would rightly succeed.
        await rm(join(rig.site.root, '.cache'), { recursive: true, force: true });
        const run = await rig.site.run(
          'build',
          rig.site.env({ baseUrl: url, apiKey: CANARY }, options),
        );
        failed.push({ name, run });
      }
    } finally {
      mock.setFaults(undefined);
    }
    const outputs = [working.run, ...failed.map((f) => f.run)].flatMap((r) => [r.stdout, r.stderr]);
    return { working, failed, outputs };
  });
  /** The builds take a while: each test that may be the first to ask for them allows for all. */
  const BUILDS_TIMEOUT_MS = 300_000;

  it(
    'is a working key (the builds below really used it)',
    async () => {
      const { working } = await builds();
      expect(working.run.code, working.run.output).toBe(0);
      expect(working.index).toContain('blogs:3 articles:32');
      expect(working.articleStatuses.length).toBeGreaterThan(0);
      expect(working.articleStatuses.every((s) => s === 200 || s === 304)).toBe(true);
      expect(working.leaking).toEqual(NO_LEAKS);
    },
    BUILDS_TIMEOUT_MS,
  );

  it(
    'fails builds without printing it: server errors, unreachable API, rate limits, bad scope',
    async () => {
      const { failed } = await builds();
      expect(failed.map((f) => f.name)).toEqual([
        '500',
        '429',
        'reset',
        'unreachable',
        'unknown blog',
      ]);
      for (const { name, run } of failed) {
        expect(run.code, `${name}: ${run.output}`).not.toBe(0);
        expect(run.stdout, name).not.toContain(CANARY);
        expect(run.stderr, name).not.toContain(CANARY);
      }
    },
    BUILDS_TIMEOUT_MS,
  );

  it(
    'is nowhere in stdout, stderr, dist/, the data store or .astro',
    async () => {
      const { outputs } = await builds();
      // The successful build and the five failing ones, stdout and stderr of each.
      expect(outputs.length).toBe(12);
      for (const text of outputs) expect(text).not.toContain(CANARY);
      expect((await rig.site.files('dist')).size).toBeGreaterThan(0);
      expect(await leakingFiles()).toEqual(NO_LEAKS);
    },
    BUILDS_TIMEOUT_MS,
  );

  it("is in none of the client's error objects", async () => {
    const cases: [string, () => void, string, object][] = [
      ['500', () => mock.setFaults({ serverError: 1 }), rig.baseUrl, {}],
      ['503', () => mock.setFaults({ unavailable: 1, retryAfterSeconds: 1 }), rig.baseUrl, {}],
      ['truncated JSON', () => mock.setFaults({ truncate: 1 }), rig.baseUrl, {}],
      ['reset', () => mock.setFaults({ reset: 1 }), rig.baseUrl, {}],
      [
        'stall',
        () => mock.setFaults({ stall: 1, stallMs: 2_000 }),
        rig.baseUrl,
        { timeouts: { headers: 200, body: 200 } },
      ],
      ['unreachable', () => mock.setFaults(undefined), rig.deadUrl, {}],
      ['404', () => mock.setFaults(undefined), rig.baseUrl, { blog: 'no-such-blog' }],
    ];
    for (const [name, arrange, url, extra] of cases) {
      arrange();
      const { timeouts, ...listOptions } = extra as { timeouts?: object };
      const client = createClient({
        baseUrl: url,
        apiKey: CANARY,
        retry: { retries: 0 },
        ...(timeouts ? { timeouts } : {}),
      });
      const error = await client.list('articles', listOptions).then(
        () => undefined,
        (e: unknown) => e,
      );
      await client.close();
      expect(error, name).toBeInstanceOf(Error);
      for (const text of renderings(error)) expect(text, name).not.toContain(CANARY);
    }
    mock.setFaults(undefined);
  });

  it("is in none of the loaders' error objects or log lines", async () => {
    mock.setFaults({ serverError: 1 });
    try {
      for (const loader of [
        blogsLoader({ baseUrl: rig.baseUrl, apiKey: CANARY, retry: { retries: 0 } }),
        articlesLoader({ baseUrl: rig.deadUrl, apiKey: CANARY, retry: { retries: 0 } }),
      ]) {
        const { ctx, lines } = loaderContext(loader.name);
        const error = await (loader.load as (c: unknown) => Promise<void>)(ctx).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, loader.name).toBeInstanceOf(Error);
        expect(String(error)).toMatch(/Could not sync collection/);
        for (const text of [...renderings(error), ...lines]) expect(text).not.toContain(CANARY);
      }
    } finally {
      mock.setFaults(undefined);
    }
  });
});
