import { basename, join } from 'node:path';
import { repoRoot } from './lib/astro.js';

/** Benchmark sizes: environment variables, or `--name=value` flags (`--articles=1000` sets BENCH_ARTICLES). */
export interface BenchConfig {
  /** Articles for B1–B5, B8–B10 and B15 (BENCH_ARTICLES, default 10,000). */
  articles: number;
  /** Articles for B6 (BENCH_MEMORY_ARTICLES, default 50,000). */
  memoryArticles: number;
  /** Runs of each side; figures are medians (BENCH_RUNS, default 3; B2 does at least 21). */
  runs: number;
  /** Articles changed for B4 and B15 (BENCH_CHANGED, default 100). */
  changed: number;
  /** Latency added per request for B5 (BENCH_LATENCY_MS, default 50). */
  latencyMs: number;
  /** Seconds per autocannon run for B7 and U2 (BENCH_RPS_SECONDS, default 10). */
  rpsSeconds: number;
  /** Connections for B7 (BENCH_RPS_CONNECTIONS, default 10). */
  rpsConnections: number;
  /** S2's archive: articles on the server (BENCH_ARCHIVE_ARTICLES, default 250,000). */
  archiveArticles: number;
  /** S2's `latest`: the newest articles synced (BENCH_ARCHIVE_LATEST, default 10,000). */
  archiveLatest: number;
  /** Sizes of the scaling chart, S1 (BENCH_SCALE_SIZES, default 1000,10000,25000,50000,75000,100000). */
  scaleSizes: number[];
  /** Sizes of the store-size table (BENCH_STORE_SIZES, default 10000,50000,100000,250000). */
  storeSizes: number[];
  /** The largest size synced with the chunked store there (BENCH_CHUNKED_MAX, default 50,000). */
  chunkedMax: number;
  /** Where S1 writes its chart (BENCH_CHART, default BENCHMARKS-scaling.svg in the repository). */
  chartFile: string;
  /** The chart's file name, as BENCHMARKS.md links it. */
  chartName: string;
  /** Articles for B11 and B12, each with 3 code blocks (BENCH_CODE_ARTICLES, default 2,000). */
  codeArticles: number;
  /** Articles changed for B12, half with new code (BENCH_CODE_CHANGED, default 20). */
  codeChanged: number;
  /** Article pages of B13, with components for `pre` and `a` (BENCH_COMPONENT_PAGES, default 10,000). */
  componentPages: number;
  /** Article pages of B14, 5 images each (BENCH_IMAGE_PAGES, default 1,000). */
  imagePages: number;
  /** Instances of U2's fleet, each measured (BENCH_FLEET_SIZES, default 1,2,4). */
  fleetSizes: number[];
  /** Articles of Q1's playground builds; its ratio is the last size's (BENCH_SEARCH_SIZES, default 1000,10000). */
  searchSizes: number[];
  /** Which benchmarks to run (BENCH_ONLY=B1,B7; P1,P5: the sanitiser pool on and off; B9, B10, B9f: incremental builds; default all). */
  only: string[];
}

/** The scaling chart's file, beside BENCHMARKS.md. */
const CHART_NAME = 'BENCHMARKS-scaling.svg';

/** Every benchmark, in the order of its rows (B9 also reports B9f; B8 and B15 a cold and a warm row). */
export const ALL = [
  'B1',
  'B10',
  'B11',
  'B12',
  'B13',
  'B14',
  'B15',
  'B2',
  'B3',
  'B4',
  'B5',
  'B6',
  'B7',
  'B8',
  'B9',
  'L1',
  'L2',
  'P1',
  'P5',
  'Q1',
  'S1',
  'S2',
  'U1',
  'U2',
];

export function readConfig(
  argv: string[] = [],
  env: Record<string, string | undefined> = process.env,
): BenchConfig {
  const values: Record<string, string | undefined> = { ...env };
  for (const arg of argv) {
    const match = /^--([a-z-]+)=(.+)$/.exec(arg);
    if (!match) throw new Error(`Unknown argument ${arg}: use --name=value, e.g. --articles=1000`);
    values[`BENCH_${(match[1] as string).replaceAll('-', '_').toUpperCase()}`] = match[2];
  }
  const num = (name: string, fallback: number) => {
    const raw = values[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw.replaceAll('_', ''));
    if (!Number.isFinite(n) || n <= 0)
      throw new Error(`${name}=${raw}: expected a positive number`);
    return n;
  };
  const sizes = (name: string, fallback: string) =>
    (values[name] || fallback).split(',').map((raw) => {
      const n = Number(raw.trim().replaceAll('_', ''));
      if (!Number.isInteger(n) || n <= 0)
        throw new Error(`${name}=${values[name]}: expected sizes like 1000,10000`);
      return n;
    });
  return {
    articles: num('BENCH_ARTICLES', 10_000),
    memoryArticles: num('BENCH_MEMORY_ARTICLES', 50_000),
    runs: num('BENCH_RUNS', 3),
    changed: num('BENCH_CHANGED', 100),
    latencyMs: num('BENCH_LATENCY_MS', 50),
    rpsSeconds: num('BENCH_RPS_SECONDS', 10),
    rpsConnections: num('BENCH_RPS_CONNECTIONS', 10),
    archiveArticles: num('BENCH_ARCHIVE_ARTICLES', 250_000),
    archiveLatest: num('BENCH_ARCHIVE_LATEST', 10_000),
    scaleSizes: sizes('BENCH_SCALE_SIZES', '1000,10000,25000,50000,75000,100000'),
    storeSizes: sizes('BENCH_STORE_SIZES', '10000,50000,100000,250000'),
    chunkedMax: num('BENCH_CHUNKED_MAX', 50_000),
    codeArticles: num('BENCH_CODE_ARTICLES', 2_000),
    codeChanged: num('BENCH_CODE_CHANGED', 20),
    componentPages: num('BENCH_COMPONENT_PAGES', 10_000),
    imagePages: num('BENCH_IMAGE_PAGES', 1_000),
    fleetSizes: sizes('BENCH_FLEET_SIZES', '1,2,4'),
    searchSizes: sizes('BENCH_SEARCH_SIZES', '1000,10000'),
    chartFile: values.BENCH_CHART || join(repoRoot, CHART_NAME),
    chartName: values.BENCH_CHART ? basename(values.BENCH_CHART) : CHART_NAME,
    only: (values.BENCH_ONLY ?? ALL.join(','))
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean),
  };
}
