// `node test/bench/run.ts store-size` (after `npm run build`): the store-size table of
// the performance page, "Archives". For each size (BENCH_STORE_SIZES, default
// 10000,50000,100000,250000), each storage (Astro's single-file store, and its chunked one up to
// BENCH_CHUNKED_MAX articles, default 50000: past that a chunked sync takes tens of minutes) and
// each side (the loader, file() on the same entries): a cold `astro sync`, then a warm one with
// nothing changed, one run each: wall time and peak RSS, or why the sync failed.
import type { BenchConfig } from './config.js';
import type { BenchSite } from './lib/astro.js';
import { fmtMs } from './lib/stats.js';
import { withSyncSites } from './lib/sync-sites.js';
import { failureOf } from './scale-bench.js';

type Storage = 'single' | 'chunked';
type Side = 'loader' | 'file()';

interface Cell {
  articles: number;
  storage: Storage;
  side: Side;
  cold: string;
  warm: string;
}

export async function measureStoreSizes(cfg: BenchConfig, log = console.log): Promise<void> {
  const cells: Cell[] = [];
  for (const n of cfg.storeSizes) {
    await withSyncSites(n, async ({ loaderSite, fileSite, env }) => {
      for (const storage of ['single', 'chunked'] as const) {
        if (storage === 'chunked' && n > cfg.chunkedMax) continue;
        for (const side of ['file()', 'loader'] as const) {
          const site = side === 'loader' ? loaderSite : fileSite;
          const sideEnv = { ...(side === 'loader' ? env : {}), BENCH_STORAGE: storage };
          const cell = await coldAndWarm(site, sideEnv);
          cells.push({ articles: n, storage, side, ...cell });
          log(`${n} ${storage} ${side}: cold ${cell.cold}; warm ${cell.warm}`);
        }
      }
    });
  }
  log('\n| articles | storage | side | cold sync | warm sync (nothing changed) |');
  log('|---|---|---|---|---|');
  for (const c of cells)
    log(`| ${c.articles} | ${c.storage} | ${c.side} | ${c.cold} | ${c.warm} |`);
}

async function coldAndWarm(site: BenchSite, env: Record<string, string>) {
  const one = async (cold: boolean) => {
    try {
      const run = cold ? await site.syncCold(env) : await site.sync(env);
      return `${fmtMs(run.ms)}, ${Math.round(run.maxRssKb / 1024)} MB`;
    } catch (error) {
      return `failed: ${failureOf(error)}`;
    }
  };
  const cold = await one(true);
  const warm = cold.startsWith('failed') ? '—' : await one(false);
  return { cold, warm };
}
