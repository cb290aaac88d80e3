import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBenches } from './benches.js';
import { readConfig } from './config.js';
import { repoRoot } from './lib/astro.js';
import { keptSections, mergeWithPrevious, renderReport } from './report.js';

const cfg = readConfig(process.argv.slice(2));
const started = performance.now();
console.log(`Benchmarks ${cfg.only.join(', ')}: ${JSON.stringify(cfg)}`);
const measured = await runBenches(cfg);
// A run of a subset (BENCH_ONLY) keeps the other rows of the last runs, each with its date.
const results = await mergeWithPrevious(measured);
for (const r of results)
  console.log(
    `${r.id}  ${r.ratio.toFixed(2)}×  target ${r.target}  ${r.met ? 'met' : 'NOT MET'}  ${r.detail}`,
  );
const seconds = measured.length > 0 ? (performance.now() - started) / 1000 : undefined;
const out = process.env.BENCH_REPORT ?? join(repoRoot, 'BENCHMARKS.md');
const previous = await readFile(join(repoRoot, 'BENCHMARKS.md'), 'utf8').catch(() => '');
const report = `${renderReport(results, cfg, seconds).trimEnd()}\n${keptSections(previous)}`;
await writeFile(out, report);
console.log(`Wrote ${out}`);
