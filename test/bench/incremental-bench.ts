// B9, B10 and B9f: what Astro's incremental builds (`experimental.incrementalBuild`, every article
// page keyed with cacheKey(article, blog)) save a site that publishes. B8's site and pages, built
// warm three ways side by side: the loader site building incrementally, the same site building
// everything (B8 warm), and the file() site building incrementally with the same cacheKey recipe.
// Each round builds all three with nothing changed (B10), then with one article edited (B9, B9f).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pagesOf } from '../support/build-log.js';
import type { BenchConfig } from './config.js';
import { BenchSite, type SyncRun } from './lib/astro.js';
import { datasetOptions, editFileSiteArticles, KEY, writeFileSiteData } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';

type Side = 'incremental' | 'full' | 'file';
type Change = 'unchanged' | 'one edited';

/** How many article pages a build rendered, and how many it took from the incremental cache. */
function articlePages(output: string): { rendered: number; restored: number } {
  const { rendered, reused } = pagesOf(output);
  const article = (path: string) => path.startsWith('articles/');
  return { rendered: rendered.filter(article).length, restored: reused.filter(article).length };
}

export async function runIncrementalBench(
  cfg: BenchConfig,
  log = console.log,
): Promise<BenchResult[]> {
  const n = cfg.articles;
  const server = await ServerProcess.start({ dataset: datasetOptions(n) });
  const sites: Record<Side, BenchSite> = {
    incremental: await BenchSite.create('loader-site', 'loader'),
    full: await BenchSite.create('loader-site', 'loader'),
    file: await BenchSite.create('file-site', 'file'),
  };
  try {
    await writeFileSiteData(sites.file.root, n, { rendered: true });
    const api = { CONTENT_API_URL: server.baseUrl, CONTENT_API_KEY: KEY };
    const envOf: Record<Side, Record<string, string>> = {
      incremental: { ...api, BENCH_INCREMENTAL: '1' },
      full: api,
      file: { BENCH_INCREMENTAL: '1' },
    };
    const times = {
      unchanged: { incremental: [], full: [], file: [] } as Record<Side, number[]>,
      'one edited': { incremental: [], full: [], file: [] } as Record<Side, number[]>,
    };
    const build = async (side: Side, change: Change, expectRendered?: number): Promise<SyncRun> => {
      const run = await sites[side].build(envOf[side]);
      const built = await readdir(join(sites[side].root, 'dist/articles'));
      if (built.length !== n)
        throw new Error(`B9: the ${side} site has ${built.length} article pages, not ${n}`);
      const pages = articlePages(run.output);
      if (expectRendered !== undefined && pages.rendered !== expectRendered)
        throw new Error(
          `B9: the ${side} build (${change}) rendered ${pages.rendered} article pages and restored ${pages.restored}, not ${expectRendered} rendered`,
        );
      times[change][side].push(run.ms);
      return run;
    };
    // Cold builds make each site's store and incremental cache; they are not measured.
    for (const side of ['incremental', 'full', 'file'] as const) {
      const run = await sites[side].build(envOf[side]);
      if (articlePages(run.output).rendered !== n)
        throw new Error(`B9: the cold ${side} build did not render all ${n} article pages`);
    }
    const order: Side[] = ['incremental', 'full', 'file'];
    for (let round = 1; round <= cfg.runs; round++) {
      const sides = inRoundOrder(order, round);
      for (const side of sides) await build(side, 'unchanged', side === 'full' ? n : 0);
      const edited = await server.mutate(1, round);
      await editFileSiteArticles(sites.file.root, edited, { rendered: true });
      for (const side of sides) await build(side, 'one edited', side === 'full' ? n : 1);
      const last = (change: Change, side: Side) => fmtMs(times[change][side].at(-1) ?? 0);
      log(
        `  round ${round}: unchanged incremental ${last('unchanged', 'incremental')}, full ${last('unchanged', 'full')}, file() ${last('unchanged', 'file')}; one edited incremental ${last('one edited', 'incremental')}, full ${last('one edited', 'full')}, file() ${last('one edited', 'file')}`,
      );
    }
    const runs = `medians of ${cfg.runs} runs`;
    const row = (
      id: string,
      change: Change,
      against: Side,
      what: string,
      comparedWith: string,
      target: number,
    ): BenchResult => {
      const ours = times[change].incremental;
      const theirs = times[change][against];
      const ratio = median(ours) / median(theirs);
      const name = against === 'file' ? 'file()' : 'full build';
      return {
        id,
        what,
        comparedWith,
        target: `≤ ${target}×`,
        ratio,
        met: ratio <= target,
        detail: `incremental ${fmtMs(median(ours))} vs ${name} ${fmtMs(median(theirs))} (${runs}; incremental: ${fmtList(ours, fmtMs)}; ${name}: ${fmtList(theirs, fmtMs)})`,
      };
    };
    return [
      row(
        'B9',
        'one edited',
        'full',
        `warm incremental \`astro build\`, ${n} article pages, 1 article edited (1 page rendered)`,
        'the same build without incremental builds (B8 warm, the same edit)',
        0.25,
      ),
      row(
        'B10',
        'unchanged',
        'full',
        `warm incremental \`astro build\`, ${n} article pages, nothing changed (0 rendered)`,
        'the same build without incremental builds (B8 warm)',
        0.2,
      ),
      row(
        'B9f',
        'one edited',
        'file',
        `B9 on the loader (${n} article pages, 1 edited)`,
        'B9 on the same site on `file()`, the same cacheKey recipe',
        1.05,
      ),
    ];
  } finally {
    await server.stop();
    for (const site of Object.values(sites)) await site.dispose();
  }
}
