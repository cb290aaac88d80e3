// How cost grows: cold `astro sync` time and peak RSS at several sizes (BENCH_SCALE_SIZES,
// default 1k, 10k, 25k, 50k, 75k, 100k), the loader against file() alternating, drawn as an SVG chart
// (BENCH_CHART, default BENCHMARKS-scaling.svg beside BENCHMARKS.md).
import { writeFile } from 'node:fs/promises';
import type { BenchConfig } from './config.js';
import type { BenchSite } from './lib/astro.js';
import { type BenchResult, fmtMs, inRoundOrder, median } from './lib/stats.js';
import { lineChartSvg } from './lib/svg-chart.js';
import { withSyncSites } from './lib/sync-sites.js';

interface Point {
  articles: number;
  loaderMs: number;
  fileMs: number;
  loaderMb: number;
  fileMb: number;
}

/** A size at which `astro sync` failed, for one side or both, and Astro's reason. */
interface Ceiling {
  articles: number;
  reasons: string[];
}

/**
 * The line of Astro's output that says why a sync failed: past about 512 MB, V8 cannot hold the
 * store as the one string Astro serialises it to, nor file() read its JSON file as one.
 */
export function failureOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text
    .split('\n')
    .find((l) =>
      /Invalid string length|Cannot create a string|Error reading data|heap out of memory/i.test(l),
    );
  return (line ?? text.split('\n')[0] ?? '').trim().slice(0, 200);
}

/**
 * "linear" when the cost of each further article (the slope between neighbouring sizes, past the
 * first, which start-up dominates) stays within ±25%; else how much it varies.
 */
function growth(points: Point[], cost: (p: Point) => number): string {
  const slopes = points
    .slice(1)
    .map(
      (p, i) => (cost(p) - cost(points[i] as Point)) / (p.articles - (points[i] as Point).articles),
    )
    .slice(1);
  if (slopes.length < 2 || slopes.some((s) => s <= 0)) return 'not measured (too few sizes)';
  const spread = Math.max(...slopes) / Math.min(...slopes);
  return spread <= 1.25
    ? 'linear'
    : `not linear (cost per added article varies ${spread.toFixed(2)}×)`;
}

export async function runScaleBench(cfg: BenchConfig, log = console.log): Promise<BenchResult> {
  const points: Point[] = [];
  const ceilings: Ceiling[] = [];
  for (const n of cfg.scaleSizes) {
    const point = await withSyncSites(
      n,
      async ({ loaderSite, fileSite, env }): Promise<Point | Ceiling> => {
        const runs = {
          loader: { ms: [] as number[], kb: [] as number[] },
          file: { ms: [] as number[], kb: [] as number[] },
        };
        const failed: string[] = [];
        const cold = async (site: BenchSite, side: 'loader' | 'file') => {
          try {
            const run = await site.syncCold(side === 'loader' ? env : {});
            runs[side].ms.push(run.ms);
            runs[side].kb.push(run.maxRssKb);
          } catch (error) {
            failed.push(`${side === 'loader' ? 'loader' : 'file()'}: ${failureOf(error)}`);
          }
        };
        for (let round = 1; round <= cfg.runs && failed.length === 0; round++)
          for (const side of inRoundOrder(['file', 'loader'] as const, round))
            await cold(side === 'loader' ? loaderSite : fileSite, side);
        // Both sides have run at least once, so the report says whether the size fails for both.
        if (failed.length > 0) return { articles: n, reasons: failed };
        return {
          articles: n,
          loaderMs: median(runs.loader.ms),
          fileMs: median(runs.file.ms),
          loaderMb: median(runs.loader.kb) / 1024,
          fileMb: median(runs.file.kb) / 1024,
        };
      },
    );
    if ('reasons' in point) {
      ceilings.push(point);
      log(`  ${n} articles: astro sync failed: ${point.reasons.join('; ')}`);
      // Larger sizes would fail alike.
      break;
    }
    points.push(point);
    log(
      `  ${n} articles: loader ${fmtMs(point.loaderMs)} ${Math.round(point.loaderMb)} MB, file() ${fmtMs(point.fileMs)} ${Math.round(point.fileMb)} MB`,
    );
  }
  if (points.length === 0)
    throw new Error(`S1: astro sync failed at every size: ${JSON.stringify(ceilings)}`);
  const series = (pick: (p: Point) => number, loader: boolean) => ({
    name: loader ? 'loader' : 'file()',
    colour: loader ? '#d9480f' : '#1c7ed6',
    points: points.map((p) => [p.articles, pick(p)] as [number, number]),
  });
  const svg = lineChartSvg(
    [
      {
        title: 'Cold astro sync: wall time',
        unit: 's',
        series: [series((p) => p.loaderMs / 1000, true), series((p) => p.fileMs / 1000, false)],
      },
      {
        title: 'Cold astro sync: peak RSS',
        unit: 'MB',
        series: [series((p) => p.loaderMb, true), series((p) => p.fileMb, false)],
      },
    ],
    'articles (~5 KB of HTML each)',
  );
  await writeFile(cfg.chartFile, svg);
  const last = points.at(-1) as Point;
  const ratio = last.loaderMs / last.fileMs;
  const table = points
    .map(
      (p) =>
        `${p.articles}: loader ${fmtMs(p.loaderMs)} / ${Math.round(p.loaderMb)} MB, file() ${fmtMs(p.fileMs)} / ${Math.round(p.fileMb)} MB`,
    )
    .join('; ');
  const ceiling = ceilings
    .map((c) => ` At ${c.articles} articles astro sync failed (${c.reasons.join('; ')}).`)
    .join('');
  return {
    id: 'S1',
    what: `how cold sync time and peak RSS grow (${points.map((p) => p.articles).join(', ')} articles; chart ${cfg.chartName})`,
    comparedWith: '`file()` on the same entries, at the largest size',
    target: '≤ 1.15×, growing linearly',
    ratio,
    met: ratio <= 1.15 && growth(points, (p) => p.loaderMs) === 'linear',
    detail: `${table} (medians of ${cfg.runs} runs). Loader time ${growth(points, (p) => p.loaderMs)}, RSS ${growth(points, (p) => p.loaderMb)}; file() time ${growth(points, (p) => p.fileMs)}, RSS ${growth(points, (p) => p.fileMb)}.${ceiling}`,
  };
}
