// B5: is the network's latency hidden? The loader's cold sync with added latency per request
// against the same loader's cold sync at 0 ms; a naive loader that fetches page after page and
// stores the raw JSON (fixtures/naive-site) is reported beside it, behind the same latency.
import type { BenchConfig } from './config.js';
import { BenchSite } from './lib/astro.js';
import { datasetOptions, KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';

export async function runLatencyBench(cfg: BenchConfig, log = console.log): Promise<BenchResult> {
  const n = cfg.articles;
  const slow = await ServerProcess.start({
    dataset: datasetOptions(n),
    faults: { seed: 1, latencyMs: cfg.latencyMs },
  });
  const fast = await ServerProcess.start({ dataset: datasetOptions(n) });
  const loaderSite = await BenchSite.create('loader-site');
  const naiveSite = await BenchSite.create('naive-site');
  try {
    const env = (server: ServerProcess) => ({
      CONTENT_API_URL: server.baseUrl,
      CONTENT_API_KEY: KEY,
    });
    const times = { latency: [] as number[], none: [] as number[], naive: [] as number[] };
    const cold = (site: BenchSite, server: ServerProcess, into: number[]) => async () => {
      into.push((await site.syncCold(env(server))).ms);
    };
    const steps = [
      cold(loaderSite, slow, times.latency),
      cold(loaderSite, fast, times.none),
      cold(naiveSite, slow, times.naive),
    ];
    for (let round = 1; round <= cfg.runs; round++) {
      for (const step of inRoundOrder(steps, round)) await step();
      log(
        `  round ${round}: loader ${fmtMs(times.latency.at(-1) ?? 0)} at ${cfg.latencyMs} ms, ${fmtMs(times.none.at(-1) ?? 0)} at 0 ms; naive ${fmtMs(times.naive.at(-1) ?? 0)}`,
      );
    }
    const { stats } = await slow.stats();
    if ((stats.faults.latency ?? 0) === 0) throw new Error('B5: the server added no latency');
    const m = {
      latency: median(times.latency),
      none: median(times.none),
      naive: median(times.naive),
    };
    const ratio = m.latency / m.none;
    return {
      id: 'B5',
      what: `cold sync of ${n} articles with ${cfg.latencyMs} ms added latency per request`,
      comparedWith: "the same loader's cold sync at 0 ms (latency hidden)",
      target: '≤ 1.05×',
      ratio,
      met: ratio <= 1.05,
      detail: `loader ${fmtMs(m.latency)} at ${cfg.latencyMs} ms vs ${fmtMs(m.none)} at 0 ms; the naive page-by-page loader ${fmtMs(m.naive)} at ${cfg.latencyMs} ms (loader ${(m.latency / m.naive).toFixed(2)}× of it) (medians of ${cfg.runs} runs; loader at ${cfg.latencyMs} ms: ${fmtList(times.latency, fmtMs)}; at 0 ms: ${fmtList(times.none, fmtMs)}; naive: ${fmtList(times.naive, fmtMs)})`,
    };
  } finally {
    await slow.stop();
    await fast.stop();
    await loaderSite.dispose();
    await naiveSite.dispose();
  }
}
