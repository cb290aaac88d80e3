/** Benchmark sizes: environment variables, or `--name=value` flags (`--articles=1000` sets BENCH_ARTICLES). */
export interface BenchConfig {
  /** Articles for B1–B5 (BENCH_ARTICLES, default 10,000). */
  articles: number;
  /** Articles for B6 (BENCH_MEMORY_ARTICLES, default 50,000). */
  memoryArticles: number;
  /** Runs of each side; figures are medians (BENCH_RUNS, default 3; B2 does at least 5). */
  runs: number;
  /** Articles changed for B4 (BENCH_CHANGED, default 100). */
  changed: number;
  /** Latency added per request for B5 (BENCH_LATENCY_MS, default 50). */
  latencyMs: number;
  /** Seconds per autocannon run for B7 (BENCH_RPS_SECONDS, default 10). */
  rpsSeconds: number;
  /** Connections for B7 (BENCH_RPS_CONNECTIONS, default 10). */
  rpsConnections: number;
  /** Which benchmarks to run (BENCH_ONLY=B1,B7; P1,P5: the sanitiser pool on and off; default all). */
  only: string[];
}

export const ALL = ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'P1', 'P5'];

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
  return {
    articles: num('BENCH_ARTICLES', 10_000),
    memoryArticles: num('BENCH_MEMORY_ARTICLES', 50_000),
    runs: num('BENCH_RUNS', 3),
    changed: num('BENCH_CHANGED', 100),
    latencyMs: num('BENCH_LATENCY_MS', 50),
    rpsSeconds: num('BENCH_RPS_SECONDS', 10),
    rpsConnections: num('BENCH_RPS_CONNECTIONS', 10),
    only: (values.BENCH_ONLY ?? ALL.join(','))
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean),
  };
}
