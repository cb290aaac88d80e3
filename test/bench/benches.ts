import { runBuildBench } from './build-bench.js';
import { runClientBench } from './client-bench.js';
import type { BenchConfig } from './config.js';
import { runLatencyBench } from './latency-bench.js';
import type { BenchResult } from './lib/stats.js';
import { runMemoryBench } from './memory-bench.js';
import { runPoolBench } from './pool-bench.js';
import { runRpsBench } from './rps-bench.js';
import { runScaleBench } from './scale-bench.js';
import { runSyncBenches } from './sync-benches.js';

/** Runs the selected benchmarks in order (B1, B3 and B4 share their runs) and returns the rows. */
export async function runBenches(cfg: BenchConfig, log = console.log): Promise<BenchResult[]> {
  const wants = (...ids: string[]) => ids.some((id) => cfg.only.includes(id));
  const results: BenchResult[] = [];
  const step = async (label: string, run: () => Promise<BenchResult | BenchResult[]>) => {
    log(`${label} …`);
    const started = performance.now();
    const got = await run();
    results.push(...(Array.isArray(got) ? got : [got]));
    log(`${label} done in ${Math.round((performance.now() - started) / 1000)} s`);
  };
  if (wants('B1', 'B3', 'B4')) await step('B1/B3/B4 sync', () => runSyncBenches(cfg, log));
  if (wants('B2')) await step('B2 client', () => runClientBench(cfg, log));
  if (wants('B5')) await step('B5 latency', () => runLatencyBench(cfg, log));
  if (wants('B6')) await step('B6 memory', () => runMemoryBench(cfg, log));
  if (wants('B8')) await step('B8 astro build', () => runBuildBench(cfg, log));
  if (wants('P1', 'P5')) await step('P1/P5 sanitiser pool', () => runPoolBench(cfg, log));
  if (wants('S1')) await step('S1 scaling chart', () => runScaleBench(cfg, log));
  if (wants('B7')) await step('B7 requests/s', () => runRpsBench(cfg, log));
  return results.sort((a, b) => a.id.localeCompare(b.id));
}
