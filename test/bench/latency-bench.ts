// B5: cold sync with added latency per request: the loader (concurrent pages) against a naive
// loader that fetches page after page and stores the raw JSON (fixtures/naive-site).
import type { BenchConfig } from './config.js';
import { BenchSite, type SyncRun } from './lib/astro.js';
import { datasetOptions, KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, median } from './lib/stats.js';

export async function runLatencyBench(cfg: BenchConfig, log = console.log): Promise<BenchResult> {
  const n = cfg.articles;
  const server = await ServerProcess.start({
    dataset: datasetOptions(n),
    faults: { seed: 1, latencyMs: cfg.latencyMs },
  });
  const loaderSite = await BenchSite.create('loader-site');
  const naiveSite = await BenchSite.create('naive-site');
  try {
    const env = { CONTENT_API_URL: server.baseUrl, CONTENT_API_KEY: KEY };
    const loader: number[] = [];
    const naive: number[] = [];
    const cold = async (site: BenchSite, into: number[]): Promise<SyncRun> => {
      await site.clearStore();
      const run = await site.sync(env);
      into.push(run.ms);
      return run;
    };
    for (let round = 1; round <= cfg.runs; round++) {
      if (round % 2 === 1) {
        await cold(naiveSite, naive);
        await cold(loaderSite, loader);
      } else {
        await cold(loaderSite, loader);
        await cold(naiveSite, naive);
      }
      log(
        `  round ${round}: loader ${fmtMs(loader.at(-1) ?? 0)}, naive ${fmtMs(naive.at(-1) ?? 0)}`,
      );
    }
    const { stats } = await server.stats();
    if ((stats.faults.latency ?? 0) === 0) throw new Error('B5: the server added no latency');
    const ratio = median(loader) / median(naive);
    return {
      id: 'B5',
      what: `cold sync of ${n} articles with ${cfg.latencyMs} ms added latency per request`,
      comparedWith: 'a naive loader fetching page after page, storing the raw JSON',
      target: '≤ 0.25×',
      ratio,
      met: ratio <= 0.25,
      detail: `loader ${fmtMs(median(loader))} vs naive ${fmtMs(median(naive))} (medians of ${cfg.runs} runs; loader: ${fmtList(loader, fmtMs)}; naive: ${fmtList(naive, fmtMs)})`,
    };
  } finally {
    await server.stop();
    await loaderSite.dispose();
    await naiveSite.dispose();
  }
}
