// B6: peak memory (the astro process's ru_maxrss) of a cold sync of many articles: the loader
// against Astro's file() loader on the same entries.
import type { BenchConfig } from './config.js';
import type { BenchSite } from './lib/astro.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';
import { withSyncSites } from './lib/sync-sites.js';

const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;

export async function runMemoryBench(cfg: BenchConfig, log = console.log): Promise<BenchResult> {
  const n = cfg.memoryArticles;
  return withSyncSites(n, async ({ loaderSite, fileSite, env }) => {
    const loader: number[] = [];
    const file: number[] = [];
    const times: { loader: number[]; file: number[] } = { loader: [], file: [] };
    const cold = async (site: BenchSite, side: 'loader' | 'file') => {
      const run = await site.syncCold(side === 'loader' ? env : {});
      (side === 'loader' ? loader : file).push(run.maxRssKb);
      times[side].push(run.ms);
    };
    for (let round = 1; round <= cfg.runs; round++) {
      for (const side of inRoundOrder(['file', 'loader'] as const, round))
        await cold(side === 'loader' ? loaderSite : fileSite, side);
      log(`  round ${round}: loader ${mb(loader.at(-1) ?? 0)}, file() ${mb(file.at(-1) ?? 0)}`);
    }
    const ratio = median(loader) / median(file);
    return {
      id: 'B6',
      what: `peak memory (RSS of the \`astro sync\` process) syncing ${n} articles`,
      comparedWith: '`file()` loader on the same entries',
      target: '≤ 1.15×',
      ratio,
      met: ratio <= 1.15,
      detail: `loader ${mb(median(loader))} vs file() ${mb(median(file))} (medians of ${cfg.runs} runs; loader: ${fmtList(loader, mb)}; file(): ${fmtList(file, mb)}; wall time loader ${fmtMs(median(times.loader))}, file() ${fmtMs(median(times.file))})`,
    };
  });
}
