import { runArchiveBench } from './archive-bench.js';
import { runBuildBench } from './build-bench.js';
import { runClientBench } from './client-bench.js';
import { runCodeBenches } from './code-bench.js';
import { runComponentsBench } from './components-bench.js';
import type { BenchConfig } from './config.js';
import { runFleetBench } from './fleet-bench.js';
import { runImagesBench } from './images-bench.js';
import { runIncrementalBench } from './incremental-bench.js';
import type { BenchResult } from './lib/stats.js';
import { runLinksBench } from './links-bench.js';
import { runLoadBench } from './load-bench.js';
import { runMemoryBench } from './memory-bench.js';
import { runPublishBench } from './publish-bench.js';
import { runRpsBench } from './rps-bench.js';
import { runScaleBench } from './scale-bench.js';
import { runSearchBench } from './search-bench.js';
import { runSyncBenches } from './sync-benches.js';

/**
 * Runs the selected benchmarks (B1, B3, B4, B5, P1 and P5 share their runs; so do B9, B10 and
 * B9f, and B11 and B12) and returns the rows. One at a time unless `parallel` says more: each
 * benchmark starts its own servers and sites, so they can overlap where their figures do not
 * matter (the smoke test); a real run keeps them apart.
 */
export async function runBenches(
  cfg: BenchConfig,
  log = console.log,
  { parallel = 1 } = {},
): Promise<BenchResult[]> {
  const wants = (...ids: string[]) => ids.some((id) => cfg.only.includes(id));
  const steps: [string, () => Promise<BenchResult | BenchResult[]>][] = [];
  if (wants('B1', 'B3', 'B4', 'B5', 'P1', 'P5'))
    steps.push(['B1/B3/B4/B5/P1/P5 sync', () => runSyncBenches(cfg, log)]);
  if (wants('B2')) steps.push(['B2 client', () => runClientBench(cfg, log)]);
  if (wants('B6')) steps.push(['B6 memory', () => runMemoryBench(cfg, log)]);
  if (wants('B8')) steps.push(['B8 astro build', () => runBuildBench(cfg, log)]);
  if (wants('B9', 'B10', 'B9F'))
    steps.push(['B9/B10/B9f incremental build', () => runIncrementalBench(cfg, log)]);
  if (wants('B11', 'B12')) steps.push(['B11/B12 code blocks', () => runCodeBenches(cfg, log)]);
  if (wants('B13'))
    steps.push(['B13 <ArticleBody components>', () => runComponentsBench(cfg, log)]);
  if (wants('B14')) steps.push(['B14 body images', () => runImagesBench(cfg, log)]);
  if (wants('B15'))
    steps.push(['B15 B1 and B4 with links between articles', () => runLinksBench(cfg, log)]);
  if (wants('L1', 'L2')) steps.push(['L1/L2 start-up', () => runLoadBench(cfg, log)]);
  if (wants('Q1')) steps.push(['Q1 one search query', () => runSearchBench(cfg, log)]);
  if (wants('U1')) steps.push(['U1 publish to live', () => runPublishBench(cfg, log)]);
  if (wants('U2')) steps.push(['U2 the proxy across a fleet', () => runFleetBench(cfg, log)]);
  if (wants('S1')) steps.push(['S1 scaling chart', () => runScaleBench(cfg, log)]);
  if (wants('S2')) steps.push(['S2 archive recipe', () => runArchiveBench(cfg, log)]);
  if (wants('B7')) steps.push(['B7 requests/s', () => runRpsBench(cfg, log)]);
  const results: BenchResult[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < steps.length; i = next++) {
      const [label, run] = steps[i] as (typeof steps)[number];
      log(`${label} …`);
      const started = performance.now();
      const got = await run();
      results.push(...(Array.isArray(got) ? got : [got]));
      log(`${label} done in ${Math.round((performance.now() - started) / 1000)} s`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results.sort((a, b) => a.id.localeCompare(b.id));
}
