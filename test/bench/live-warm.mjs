// Cold and warm `loadCollection` of the live articles loader over N generated articles of ~5 KB
// (the benchmarks' dataset: 4 public blogs, every article public), the real mock server in its
// own process. Warm, every listing page answers 304 (`freshness: 0` makes each call revalidate,
// so the warm figure includes the conditional requests, not just memory); the loader's options
// are its defaults otherwise (render cache bound included). Run from the repo root after
// `npm run build`, with the repository's Node:
//   node_modules/.bin/node test/bench/live-warm.mjs [articles=10000] [warm runs=5]

import { articlesLiveLoader } from '@content-read/astro-loader/live';
import { datasetOptions, KEY } from './lib/dataset.ts';
import { ServerProcess } from './lib/server.ts';

const count = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 5);
const server = await ServerProcess.start({ dataset: datasetOptions(count) });
const loader = articlesLiveLoader({ baseUrl: server.baseUrl, apiKey: KEY, freshness: 0 });

async function timed() {
  const start = performance.now();
  const result = await loader.loadCollection({ collection: 'articles', filter: undefined });
  if (result.error) throw result.error;
  return { ms: performance.now() - start, entries: result.entries.length };
}

try {
  const cold = await timed();
  await server.reset();
  const warm = [];
  for (let i = 0; i < runs; i++) warm.push((await timed()).ms);
  const { stats } = await server.stats();
  warm.sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)];
  console.log(
    JSON.stringify({
      articles: cold.entries,
      coldMs: Math.round(cold.ms),
      warmMedianMs: Math.round(median),
      warmRuns: warm.map(Math.round),
      warmRequests: stats.requests,
      warm304: stats.notModified,
      ratio: +(median / cold.ms).toFixed(3),
      heapMB: Math.round(process.memoryUsage().heapUsed / 1e6),
    }),
  );
} finally {
  await server.stop();
}
