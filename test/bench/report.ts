import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, freemem, totalmem } from 'node:os';
import { join } from 'node:path';
import type { BenchConfig } from './config.js';
import { repoRoot } from './lib/astro.js';
import type { BenchResult } from './lib/stats.js';

// Kept in the repository with BENCHMARKS.md, so a run of a subset on a fresh clone keeps the
// other rows of earlier runs.
const resultsFile = join(repoRoot, 'test/bench/results.json');

/** This run's rows, plus the rows of earlier runs for benchmarks not run now. */
export async function mergeWithPrevious(results: BenchResult[]): Promise<BenchResult[]> {
  const today = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const fresh = results.map((r) => ({ ...r, measuredAt: today }));
  const previous = JSON.parse(
    await readFile(resultsFile, 'utf8').catch(() => '[]'),
  ) as BenchResult[];
  const merged = [...previous.filter((p) => !fresh.some((r) => r.id === p.id)), ...fresh].sort(
    (a, b) => a.id.localeCompare(b.id),
  );
  await writeFile(resultsFile, `${JSON.stringify(merged, null, 2)}\n`);
  return merged;
}

/**
 * The sections of BENCHMARKS.md a benchmark run does not write (the deploy matrix's figures,
 * from `npm test`'s deploy project): from the first of them to the end, kept as they are.
 */
const KEPT_FROM = '\n## Deploy targets\n';

export function keptSections(previous: string): string {
  const at = previous.indexOf(KEPT_FROM);
  return at === -1 ? '' : previous.slice(at);
}

/** BENCHMARKS.md: the table, the machine and the commands; the performance page explains the rows. */
export function renderReport(
  results: BenchResult[],
  cfg: BenchConfig,
  seconds: number | undefined,
): string {
  const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;
  const rows = results.map(
    (r) =>
      `| ${r.id} | ${r.what} | ${r.comparedWith} | ${r.target} | **${r.ratio.toFixed(2)}×** | ${r.met ? 'yes' : '**no**'} |`,
  );
  const details = results.map(
    (r) => `- **${r.id}** (${r.measuredAt ?? 'this run'} UTC): ${r.detail}`,
  );
  // The scaling chart (S1), when a run has drawn it.
  const chart = results.some((r) => r.id === 'S1')
    ? `\n![Cold sync time and peak RSS as articles grow, loader and file()](${cfg.chartName})\n`
    : '';
  return `# Benchmarks

Written by \`npm run bench\` (test/bench/run.ts) on ${new Date().toISOString().slice(0, 10)}; ${seconds === undefined ? 'rendered again from the stored results, nothing measured' : `the last run took ${Math.round(seconds / 60)} min`}
(rows not measured by it are kept from earlier runs; each row below says when it was measured).
Every figure is a ratio of medians of runs of both sides taken alternately in the same invocation.
Why each figure is what it is: [the performance page](docs/src/content/docs/explanations/performance.mdx).

| id | what | compared with | target | figure | met? |
|---|---|---|---|---|---|
${rows.join('\n')}
${chart}
## Runs

${details.join('\n')}

## Machine

- CPUs: ${availableParallelism()} (\`nproc\`), ${cpus()[0]?.model ?? 'unknown model'}
- Memory: ${gib(totalmem())} total, ${gib(freemem())} free at the end of the run
- Node ${process.version} (${process.platform} ${process.arch})
- Mock server in a child process; Astro in its own child process per sync or build; for B7 autocannon in
  the parent process and both servers in one child, so load generator and server each get a core.

## Commands

\`\`\`sh
npm run bench                                   # everything at the sizes below, writes BENCHMARKS.md
BENCH_ONLY=B2,B7 npm run bench                  # a subset
BENCH_ONLY=none npm run bench                   # this file again from the stored results
BENCH_ONLY=P1,P5 npm run bench                  # B1 and B5 with the sanitiser pool on and off
BENCH_ONLY=B8 npm run bench                     # the full astro build, cold and warm
BENCH_ONLY=B9 npm run bench                     # incremental builds: B9, B10 and B9f
BENCH_ONLY=B11,B12 npm run bench                # code blocks: cold sync vs glob() Markdown, warm after edits
BENCH_ONLY=B13 npm run bench                    # <ArticleBody components> vs <Content />, full build
BENCH_ONLY=B14 npm run bench                    # body images through the image service vs Markdown's
BENCH_ONLY=B15 npm run bench                    # B1 and B4 with 5 links per article and articleUrl vs the same without; a changed slug
BENCH_ONLY=L1,L2 npm run bench                  # what loading us costs: to the first loader call, to astro dev's first page
BENCH_ONLY=U1 npm run bench                     # publish to an on-demand page under the route cache
BENCH_ONLY=U2 npm run bench                     # the proxy's upstream load: 1, 2, 4 instances behind a CDN, with and without a route cache
BENCH_ONLY=Q1 npm run bench                     # one search query in Chromium: Pagefind + lean listings vs every full page
BENCH_ONLY=S1 BENCH_SCALE_SIZES=1000,10000 npm run bench  # the scaling chart at other sizes
BENCH_ONLY=S2 npm run bench                     # the archive recipe: the newest 10,000 of 250,000
node test/bench/run.ts store-size               # the performance page's store-size table (an hour)
npm run bench:profile [-- warm]                 # CPU by package of a cold (warm) sync: loader, no pool, file()
node test/bench/run.ts store-saves 2            # Astro store saves per warm sync (BENCH_LATENCY_MS to slow the API)
node test/bench/run.ts ab ../old 8              # B1's cold sync, this build vs another checkout's (its packages built), 8 rounds in one process
node test/bench/run.ts --articles=1000 --runs=1 # after npm run build; flags or BENCH_* variables
\`\`\`

Sizes of this run: BENCH_ARTICLES=${cfg.articles}, BENCH_MEMORY_ARTICLES=${cfg.memoryArticles},
BENCH_SCALE_SIZES=${cfg.scaleSizes.join(',')}, BENCH_RUNS=${cfg.runs}, BENCH_CHANGED=${cfg.changed}, BENCH_LATENCY_MS=${cfg.latencyMs},
BENCH_RPS_SECONDS=${cfg.rpsSeconds}, BENCH_RPS_CONNECTIONS=${cfg.rpsConnections}, BENCH_CODE_ARTICLES=${cfg.codeArticles},
BENCH_CODE_CHANGED=${cfg.codeChanged}, BENCH_COMPONENT_PAGES=${cfg.componentPages}, BENCH_IMAGE_PAGES=${cfg.imagePages},
BENCH_FLEET_SIZES=${cfg.fleetSizes.join(',')}.
\`npm test\` runs every benchmark at a tiny size (test/bench/bench-smoke.test.ts) without asserting times.
`;
}
