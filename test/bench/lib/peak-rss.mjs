// Preloaded into a measured `astro sync` (node --import): at exit, writes the process's peak
// resident set size (kB, getrusage's ru_maxrss) to the file named by BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const target = process.env.BENCH_RSS_FILE;
if (target) {
  process.on('exit', () => writeFileSync(target, String(process.resourceUsage().maxRSS)));
}
