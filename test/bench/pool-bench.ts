// The sanitiser pool's effect on B1 (cold sync against file()) and B5 (cold sync with added
// latency against the same loader at 0 ms): per round, five cold syncs in a rotating order:
// file(), the loader with the pool on and off at 0 ms, and both again behind the latency.
import type { BenchConfig } from './config.js';
import { BenchSite } from './lib/astro.js';
import { datasetOptions, KEY, writeFileSiteData } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';

const POOL_OFF = JSON.stringify({ sanitiseWorkers: 0 });

export async function runPoolBench(cfg: BenchConfig, log = console.log): Promise<BenchResult[]> {
  const n = cfg.articles;
  const fast = await ServerProcess.start({ dataset: datasetOptions(n) });
  const slow = await ServerProcess.start({
    dataset: datasetOptions(n),
    faults: { seed: 1, latencyMs: cfg.latencyMs },
  });
  const loaderSite = await BenchSite.create('loader-site');
  const fileSite = await BenchSite.create('file-site');
  try {
    await writeFileSiteData(fileSite.root, n);
    const env = (server: ServerProcess, pool: boolean) => ({
      CONTENT_API_URL: server.baseUrl,
      CONTENT_API_KEY: KEY,
      ...(pool ? {} : { BENCH_LOADER_OPTIONS: POOL_OFF }),
    });
    const times: Record<string, number[]> = {};
    const cold = (name: string, site: BenchSite, e: Record<string, string>) => async () => {
      const run = await site.syncCold(e);
      const synced = run.output.includes(`articles: synced ${n} entries`);
      if (site === loaderSite && (!synced || run.output.includes('sanitiser thread failed')))
        throw new Error(
          `${name}: the loader did not sync ${n} articles on its own:\n${run.output}`,
        );
      times[name] = [...(times[name] ?? []), run.ms];
    };
    const steps = [
      cold('file()', fileSite, {}),
      cold('pool on', loaderSite, env(fast, true)),
      cold('pool off', loaderSite, env(fast, false)),
      cold(`pool on, ${cfg.latencyMs} ms`, loaderSite, env(slow, true)),
      cold(`pool off, ${cfg.latencyMs} ms`, loaderSite, env(slow, false)),
    ];
    for (let round = 1; round <= cfg.runs; round++) {
      for (const step of inRoundOrder(steps, round)) await step();
      log(
        `  round ${round}: ${Object.entries(times)
          .map(([k, v]) => `${k} ${fmtMs(v.at(-1) ?? 0)}`)
          .join(', ')}`,
      );
    }
    const m = (name: string) => median(times[name] ?? []);
    const all = (name: string) => `${name}: ${fmtList(times[name] ?? [], fmtMs)}`;
    const slowOn = `pool on, ${cfg.latencyMs} ms`;
    const slowOff = `pool off, ${cfg.latencyMs} ms`;
    const runs = `medians of ${cfg.runs} runs`;
    return [
      {
        id: 'P1',
        what: `B1 with the sanitiser pool on (default) and off (\`sanitiseWorkers: 0\`), ${n} articles`,
        comparedWith: 'the same cold sync with the pool off',
        target: '< 1× (the pool helps)',
        ratio: m('pool on') / m('pool off'),
        met: m('pool on') < m('pool off'),
        detail: `B1 pool on ${(m('pool on') / m('file()')).toFixed(2)}×, off ${(m('pool off') / m('file()')).toFixed(2)}×: loader ${fmtMs(m('pool on'))} / ${fmtMs(m('pool off'))} vs file() ${fmtMs(m('file()'))} (${runs}; ${all('pool on')}; ${all('pool off')}; ${all('file()')})`,
      },
      {
        id: 'P5',
        what: `B5 with the sanitiser pool on and off: cold sync with ${cfg.latencyMs} ms added latency`,
        comparedWith: 'the same with the pool off',
        target: '< 1× (the pool helps)',
        ratio: m(slowOn) / m(slowOff),
        met: m(slowOn) < m(slowOff),
        detail: `B5 (vs the same loader at 0 ms) pool on ${(m(slowOn) / m('pool on')).toFixed(2)}×, off ${(m(slowOff) / m('pool off')).toFixed(2)}×: ${fmtMs(m(slowOn))} / ${fmtMs(m(slowOff))} (${runs}; ${all(slowOn)}; ${all(slowOff)})`,
      },
    ];
  } finally {
    await fast.stop();
    await slow.stop();
    await loaderSite.dispose();
    await fileSite.dispose();
  }
}
