// S2: the archive recipe at full size. A cold `astro sync` of the newest articles of a big
// archive (BENCH_ARCHIVE_LATEST of BENCH_ARCHIVE_ARTICLES, defaults 10,000 of 250,000) with
// `articlesLoader({ latest })`, against `file()` holding the same entries, in Astro's default
// (single-file) store; the older articles are served by the live loaders (the archives
// guide). Both sides alternate; time and peak RSS are medians.
import { MAX_PER_PAGE } from '@content-read/core';
import type { BenchConfig } from './config.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';
import { withSyncSites } from './lib/sync-sites.js';

/** The loader's page size, as it reads by default: whole pages of the newest are synced. */
const PER_PAGE = MAX_PER_PAGE;

export async function runArchiveBench(cfg: BenchConfig, log = console.log): Promise<BenchResult> {
  const total = cfg.archiveArticles;
  const latest = cfg.archiveLatest;
  // The first article on the pages holding the newest `latest` (whole pages, as the loader reads).
  const from = Math.max(0, Math.floor((total - latest) / PER_PAGE)) * PER_PAGE;
  const synced = total - from;
  return withSyncSites(
    total,
    async ({ loaderSite, fileSite, env }) => {
      const loaderEnv = {
        ...env,
        BENCH_LOADER_OPTIONS: JSON.stringify({ latest, perPage: PER_PAGE }),
      };
      const runs = { loader: [] as number[], file: [] as number[] };
      const rss = { loader: [] as number[], file: [] as number[] };
      for (let round = 1; round <= cfg.runs; round++) {
        for (const side of inRoundOrder(['file', 'loader'] as const, round)) {
          const run =
            side === 'loader' ? await loaderSite.syncCold(loaderEnv) : await fileSite.syncCold({});
          if (side === 'loader' && !run.output.includes(`articles: synced ${synced} entries`))
            throw new Error(
              `S2: the loader did not sync the ${synced} newest articles:\n${run.output}`,
            );
          runs[side].push(run.ms);
          rss[side].push(run.maxRssKb / 1024);
        }
        log(
          `  round ${round}: file() ${fmtMs(runs.file.at(-1) ?? 0)}, loader ${fmtMs(runs.loader.at(-1) ?? 0)}`,
        );
      }
      const time = median(runs.loader) / median(runs.file);
      const memory = median(rss.loader) / median(rss.file);
      const mb = (values: number[]) => values.map((v) => `${Math.round(v)} MB`).join(', ');
      return {
        id: 'S2',
        what: `cold \`astro sync\` of the newest ${synced} of ${total} articles: \`articlesLoader({ latest: ${latest} })\` (the archive recipe)`,
        comparedWith: '`file()` holding the same entries, same (single-file) store',
        target: 'succeeds; ≤ 1.15× time and RSS',
        ratio: time,
        met: time <= 1.15 && memory <= 1.15,
        detail: `time ${time.toFixed(2)}× (loader ${fmtList(runs.loader, fmtMs)}; file() ${fmtList(runs.file, fmtMs)}), peak RSS ${memory.toFixed(2)}× (loader ${mb(rss.loader)}; file() ${mb(rss.file)})`,
      };
    },
    { from },
  );
}
