// B1 (cold sync vs file()), B3 (warm, nothing changed, vs a warm file() sync: Astro's own floor)
// and B4 (warm, some changed, vs B3's warm sync): one site of each kind, and per round a cold sync
// of each, a warm sync of each, and a loader sync after edits.
import type { BenchConfig } from './config.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';
import { withSyncSites } from './lib/sync-sites.js';

/** The loader's summary line for a collection, e.g. "synced 10000 entries (0 new, 100 updated, …". */
function summary(output: string, collection: string): string {
  return output.split('\n').find((l) => l.includes(`${collection}: synced`)) ?? '';
}

export async function runSyncBenches(cfg: BenchConfig, log = console.log): Promise<BenchResult[]> {
  const n = cfg.articles;
  return withSyncSites(n, async ({ server, loaderSite, fileSite, env }) => {
    const fileCold: number[] = [];
    const cold: number[] = [];
    const warm: number[] = [];
    const fileWarm: number[] = [];
    const changed: number[] = [];
    const problems: string[] = [];
    let articleBodies = 0;
    for (let round = 1; round <= cfg.runs; round++) {
      const coldLoader = async () => {
        const run = await loaderSite.syncCold(env);
        if (!summary(run.output, 'articles').includes(`synced ${n} entries`))
          problems.push(`cold sync ${round}: ${summary(run.output, 'articles') || 'no summary'}`);
        cold.push(run.ms);
      };
      const coldFile = async () => {
        fileCold.push((await fileSite.syncCold({})).ms);
      };
      for (const step of inRoundOrder([coldFile, coldLoader], round)) await step();

      // file()'s warm sync: Astro starting, reading its store and writing it again, nothing else.
      const warmFile = async () => {
        fileWarm.push((await fileSite.sync({})).ms);
      };
      if (round % 2 === 1) await warmFile();
      await server.reset();
      const warmRun = await loaderSite.sync(env);
      warm.push(warmRun.ms);
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
      changed.push(changedRun.ms);
      const line = summary(changedRun.output, 'articles');
      if (!line.includes(`${cfg.changed} updated`))
        problems.push(`sync after ${cfg.changed} edits, round ${round}: ${line || 'no summary'}`);
      log(
        `  round ${round}: file() cold ${fmtMs(fileCold.at(-1) ?? 0)}, loader cold ${fmtMs(cold.at(-1) ?? 0)}, warm ${fmtMs(warmRun.ms)}, file() warm ${fmtMs(fileWarm.at(-1) ?? 0)}, ${cfg.changed} changed ${fmtMs(changedRun.ms)}`,
      );
    }
    if (problems.length > 0)
      throw new Error(`Sync benchmarks are not measuring what they claim:\n${problems.join('\n')}`);
    const coldMedian = median(cold);
    const b1 = coldMedian / median(fileCold);
    const warmMedian = median(warm);
    const b3 = warmMedian / median(fileWarm);
    const b4 = median(changed) / warmMedian;
    const runs = `medians of ${cfg.runs} runs`;
    return [
      {
        id: 'B1',
        what: `cold \`astro sync\`, ${n} articles (~5 KB HTML each) from the mock server on loopback`,
        comparedWith: 'the same entries from a local JSON file with Astro `file()`',
        target: '≤ 1.15×',
        ratio: b1,
        met: b1 <= 1.15,
        detail: `loader ${fmtMs(coldMedian)} vs file() ${fmtMs(median(fileCold))} (${runs}; loader: ${fmtList(cold, fmtMs)}; file(): ${fmtList(fileCold, fmtMs)})`,
      },
      {
        id: 'B3',
        what: 'warm sync, nothing changed',
        comparedWith:
          "a warm `file()` sync of the same entries (Astro's own floor: start-up, store read and rewrite)",
        target: '≤ 1.05×, no article body transferred',
        ratio: b3,
        met: b3 <= 1.05 && articleBodies === 0,
        detail: `warm ${fmtMs(warmMedian)} vs warm file() ${fmtMs(median(fileWarm))} (${runs}; loader: ${fmtList(warm, fmtMs)}; file(): ${fmtList(fileWarm, fmtMs)}); every listing request answered 304, ${articleBodies} article pages with a body`,
      },
      {
        id: 'B4',
        what: `warm sync, ${cfg.changed} of the ${n} changed, spread over every page`,
        comparedWith: "B3's warm sync (nothing changed)",
        target: '≤ 1.25×',
        ratio: b4,
        met: b4 <= 1.25,
        detail: `after edits ${fmtMs(median(changed))} vs warm ${fmtMs(warmMedian)} (${runs}: ${fmtList(changed, fmtMs)})`,
      },
    ];
  });
}
