// The sync benchmarks, sharing their runs:
// - B1: cold sync against the same entries from a local file with file();
// - B3: warm sync, nothing changed, against a warm file() sync (Astro's own floor);
// - B4: warm sync after some edits, against B3's warm sync;
// - B5: cold sync behind added latency against the same cold sync at 0 ms, a naive loader beside;
// - P1 and P5: B1 and B5 with the sanitiser pool on (the default) and off.
// Per round, the cold syncs that the selected benchmarks need, in a rotating order, then the warm
// ones. B1's loader cold sync is P1's "pool on" and B5's "0 ms": one measurement, not three.
import type { BenchConfig } from './config.js';
import { BenchSite } from './lib/astro.js';
import { datasetOptions, KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';
import { withSyncSites } from './lib/sync-sites.js';

const POOL_OFF = JSON.stringify({ sanitiseWorkers: 0 });

/** The cold syncs, in the order of a first round. */
const COLD = [
  'file()',
  'pool on',
  'pool off',
  'pool on, slow',
  'pool off, slow',
  'naive, slow',
] as const;
type Cold = (typeof COLD)[number];

/** The loader's summary line for a collection, e.g. "synced 10000 entries (0 new, 100 updated, …". */
function summary(output: string, collection: string): string {
  return output.split('\n').find((l) => l.includes(`${collection}: synced`)) ?? '';
}

export async function runSyncBenches(cfg: BenchConfig, log = console.log): Promise<BenchResult[]> {
  const n = cfg.articles;
  const wants = (...ids: string[]) => ids.some((id) => cfg.only.includes(id));
  const colds = new Set<Cold>(['pool on']);
  if (wants('B1', 'B3', 'P1')) colds.add('file()');
  if (wants('P1', 'P5')) colds.add('pool off');
  if (wants('B5', 'P5')) colds.add('pool on, slow');
  if (wants('P5')) colds.add('pool off, slow');
  if (wants('B5')) colds.add('naive, slow');
  const warms = wants('B3', 'B4');

  return withSyncSites(n, async ({ server, loaderSite, fileSite, env }) => {
    const slow = colds.has('pool on, slow')
      ? await ServerProcess.start({
          dataset: datasetOptions(n),
          faults: { seed: 1, latencyMs: cfg.latencyMs },
        })
      : undefined;
    // B3 and B4 go on from B1's cold sync (loaderSite); the other loader syncs have a copy.
    const otherSite =
      colds.has('pool off') || colds.has('pool on, slow')
        ? await BenchSite.create('loader-site')
        : undefined;
    const naiveSite = colds.has('naive, slow') ? await BenchSite.create('naive-site') : undefined;
    try {
      const times: Record<Cold | 'warm' | 'file() warm' | 'changed', number[]> = {
        'file()': [],
        'pool on': [],
        'pool off': [],
        'pool on, slow': [],
        'pool off, slow': [],
        'naive, slow': [],
        warm: [],
        'file() warm': [],
        changed: [],
      };
      const problems: string[] = [];
      let articleBodies = 0;
      const apiEnv = (at: ServerProcess, pool: boolean) => ({
        CONTENT_API_URL: at.baseUrl,
        CONTENT_API_KEY: KEY,
        ...(pool ? {} : { BENCH_LOADER_OPTIONS: POOL_OFF }),
      });
      const loaderCold =
        (name: Cold, site: BenchSite, e: () => Record<string, string>) => async () => {
          const run = await site.syncCold(e());
          const line = summary(run.output, 'articles');
          if (
            !line.includes(`synced ${n} entries`) ||
            run.output.includes('sanitiser thread failed')
          )
            problems.push(`${name} cold sync: ${line || 'no summary'}\n${run.output}`);
          times[name].push(run.ms);
        };
      const steps: Record<Cold, () => Promise<void>> = {
        'file()': async () => {
          times['file()'].push((await fileSite.syncCold({})).ms);
        },
        'pool on': loaderCold('pool on', loaderSite, () => env),
        'pool off': loaderCold('pool off', otherSite as BenchSite, () => apiEnv(server, false)),
        'pool on, slow': loaderCold('pool on, slow', otherSite as BenchSite, () =>
          apiEnv(slow as ServerProcess, true),
        ),
        'pool off, slow': loaderCold('pool off, slow', otherSite as BenchSite, () =>
          apiEnv(slow as ServerProcess, false),
        ),
        'naive, slow': async () => {
          const site = naiveSite as BenchSite;
          times['naive, slow'].push((await site.syncCold(apiEnv(slow as ServerProcess, true))).ms);
        },
      };
      const last = (name: keyof typeof times) => fmtMs(times[name].at(-1) ?? 0);

      for (let round = 1; round <= cfg.runs; round++) {
        const order = COLD.filter((name) => colds.has(name));
        for (const name of inRoundOrder(order, round)) await steps[name]();
        if (warms) {
          // file()'s warm sync: Astro starting, reading its store and writing it again, nothing else.
          const warmFile = async () => {
            times['file() warm'].push((await fileSite.sync({})).ms);
          };
          if (round % 2 === 1) await warmFile();
          await server.reset();
          times.warm.push((await loaderSite.sync(env)).ms);
          const { requests } = await server.stats();
          const listings = requests.filter(
            (r) => r.method === 'GET' && /^\/api\/v1\/(articles|blogs)\b/.test(r.path),
          );
          const bodies = listings.filter((r) => r.status !== 304);
          articleBodies += bodies.filter((r) => r.path.includes('/articles')).length;
          if (listings.length === 0 || bodies.length > 0)
            problems.push(
              `warm sync ${round}: ${listings.length} requests, not 304: ${bodies.map((r) => `${r.status} ${r.path}`).join(', ')}`,
            );
          if (round % 2 === 0) await warmFile();

          await server.mutate(cfg.changed, round);
          const changedRun = await loaderSite.sync(env);
          times.changed.push(changedRun.ms);
          const line = summary(changedRun.output, 'articles');
          if (!line.includes(`${cfg.changed} updated`))
            problems.push(
              `sync after ${cfg.changed} edits, round ${round}: ${line || 'no summary'}`,
            );
        }
        const warmLine = warms
          ? `; warm ${last('warm')}, file() warm ${last('file() warm')}, ${cfg.changed} changed ${last('changed')}`
          : '';
        log(`  round ${round}: cold ${order.map((c) => `${c} ${last(c)}`).join(', ')}${warmLine}`);
      }
      if (slow && ((await slow.stats()).stats.faults.latency ?? 0) === 0)
        problems.push('the slow server added no latency');
      if (problems.length > 0)
        throw new Error(
          `Sync benchmarks are not measuring what they claim:\n${problems.join('\n')}`,
        );
      const rows = syncRows(cfg, times, articleBodies);
      return rows.filter((row) => cfg.only.includes(row.id));
    } finally {
      await slow?.stop();
      await otherSite?.dispose();
      await naiveSite?.dispose();
    }
  });
}

/** Every row the runs above can give; the caller keeps those selected. */
function syncRows(
  cfg: BenchConfig,
  times: Record<string, number[]>,
  articleBodies: number,
): BenchResult[] {
  const n = cfg.articles;
  const m = (name: string) => median(times[name] ?? []);
  const all = (name: string, label = name) => `${label}: ${fmtList(times[name] ?? [], fmtMs)}`;
  const runs = `medians of ${cfg.runs} runs`;
  const ms = cfg.latencyMs;
  const rows: BenchResult[] = [];
  if (times['file()']?.length) {
    const b1 = m('pool on') / m('file()');
    rows.push({
      id: 'B1',
      what: `cold \`astro sync\`, ${n} articles (~5 KB HTML each) from the mock server on loopback`,
      comparedWith: 'the same entries from a local JSON file with Astro `file()`',
      target: '≤ 1.15×',
      ratio: b1,
      met: b1 <= 1.15,
      detail: `loader ${fmtMs(m('pool on'))} vs file() ${fmtMs(m('file()'))} (${runs}; ${all('pool on', 'loader')}; ${all('file()')})`,
    });
  }
  if (times.warm?.length) {
    const b3 = m('warm') / m('file() warm');
    const b4 = m('changed') / m('warm');
    rows.push(
      {
        id: 'B3',
        what: 'warm sync, nothing changed',
        comparedWith:
          "a warm `file()` sync of the same entries (Astro's own floor: start-up, store read and rewrite)",
        target: '≤ 1.05×, no article body transferred',
        ratio: b3,
        met: b3 <= 1.05 && articleBodies === 0,
        detail: `warm ${fmtMs(m('warm'))} vs warm file() ${fmtMs(m('file() warm'))} (${runs}; ${all('warm', 'loader')}; ${all('file() warm', 'file()')}); every listing request answered 304, ${articleBodies} article pages with a body`,
      },
      {
        id: 'B4',
        what: `warm sync, ${cfg.changed} of the ${n} changed, spread over every page`,
        comparedWith: "B3's warm sync (nothing changed)",
        target: '≤ 1.25×',
        ratio: b4,
        met: b4 <= 1.25,
        detail: `after edits ${fmtMs(m('changed'))} vs warm ${fmtMs(m('warm'))} (${runs}: ${fmtList(times.changed ?? [], fmtMs)})`,
      },
    );
  }
  if (times['naive, slow']?.length) {
    const ratio = m('pool on, slow') / m('pool on');
    rows.push({
      id: 'B5',
      what: `cold sync of ${n} articles with ${ms} ms added latency per request`,
      comparedWith: "the same loader's cold sync at 0 ms (latency hidden)",
      target: '≤ 1.05×',
      ratio,
      met: ratio <= 1.05,
      detail: `loader ${fmtMs(m('pool on, slow'))} at ${ms} ms vs ${fmtMs(m('pool on'))} at 0 ms; the naive page-by-page loader ${fmtMs(m('naive, slow'))} at ${ms} ms (loader ${(m('pool on, slow') / m('naive, slow')).toFixed(2)}× of it) (${runs}; ${all('pool on, slow', `loader at ${ms} ms`)}; ${all('pool on', 'at 0 ms')}; ${all('naive, slow', 'naive')})`,
    });
  }
  if (times['pool off']?.length && times['file()']?.length)
    rows.push({
      id: 'P1',
      what: `B1 with the sanitiser pool on (default) and off (\`sanitiseWorkers: 0\`), ${n} articles`,
      comparedWith: 'the same cold sync with the pool off',
      target: '< 1× (the pool helps)',
      ratio: m('pool on') / m('pool off'),
      met: m('pool on') < m('pool off'),
      detail: `B1 pool on ${(m('pool on') / m('file()')).toFixed(2)}×, off ${(m('pool off') / m('file()')).toFixed(2)}×: loader ${fmtMs(m('pool on'))} / ${fmtMs(m('pool off'))} vs file() ${fmtMs(m('file()'))} (${runs}; ${all('pool on')}; ${all('pool off')}; ${all('file()')})`,
    });
  if (times['pool off, slow']?.length) {
    const on = m('pool on, slow');
    const off = m('pool off, slow');
    rows.push({
      id: 'P5',
      what: `B5 with the sanitiser pool on and off: cold sync with ${ms} ms added latency`,
      comparedWith: 'the same with the pool off',
      target: '< 1× (the pool helps)',
      ratio: on / off,
      met: on < off,
      detail: `B5 (vs the same loader at 0 ms) pool on ${(on / m('pool on')).toFixed(2)}×, off ${(off / m('pool off')).toFixed(2)}×: ${fmtMs(on)} / ${fmtMs(off)} (${runs}; ${all('pool on, slow', `pool on, ${ms} ms`)}; ${all('pool off, slow', `pool off, ${ms} ms`)})`,
    });
  }
  return rows;
}
