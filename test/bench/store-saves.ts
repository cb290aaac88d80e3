// `node test/bench/run.ts store-saves [rounds]` (after `npm run build`): how often Astro saves its
// data store in the loader site's warm syncs, the evidence behind B4. Per round: a warm sync
// (every page a 304), then 100 articles changed and a sync. Each sync prints its wall time, the
// loader's summary and the number of saves (counted by a preload: each save reads
// data-store.json back to compare). BENCH_ARTICLES (default 10,000); BENCH_LATENCY_MS adds latency
// to every response after the cold sync, to show a sync slower than Astro's 500 ms save delay.
import { fileURLToPath } from 'node:url';
import type { BenchConfig } from './config.js';
import { withSyncSites } from './lib/sync-sites.js';

const countSaves = fileURLToPath(
  new URL('../../packages/astro-loader/test/helpers/count-store-saves.mjs', import.meta.url),
);

export async function countStoreSaves(cfg: BenchConfig, rounds: number, log = console.log) {
  await withSyncSites(cfg.articles, async ({ server, loaderSite, env }) => {
    const sync = async (label: string) => {
      const run = await loaderSite.sync(env, ['--import', countSaves]);
      const summary = run.output.split('\n').find((l) => l.includes('articles: synced')) ?? '';
      const saves = /\[store-saves\] (\d+)/.exec(run.output)?.[1] ?? '?';
      log(`${label}: ${Math.round(run.ms)} ms, ${saves} store saves | ${summary.trim()}`);
    };
    await loaderSite.clearStore(); // the first sync below is cold
    await sync('cold');
    if (process.env.BENCH_LATENCY_MS) await server.setFaults({ latencyMs: cfg.latencyMs });
    for (let round = 1; round <= rounds; round++) {
      await sync(`warm ${round}`);
      await server.mutate(cfg.changed, round);
      await sync(`${cfg.changed} changed ${round}`);
    }
  });
}
