// Cold and warm `loadCollection` of the live articles loader over N generated articles (every
// listing page answering 304 when warm: `freshness: 0` makes each call revalidate, so the warm
// figure includes the conditional requests, not just memory). Run from the repo root after
// `npm run build`:
//   node packages/astro-loader/bench/live-warm.mjs [articles=10000] [warm runs=5]

import { articlesLiveLoader } from '@content-read/astro-loader/live';
import { createMockServer, GENERATED_KEYS, generateDataset } from '@content-read/mock-server';

const count = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 5);
const mock = createMockServer({ dataset: generateDataset({ articles: count }) });
const running = await mock.listen({ port: 0, host: '127.0.0.1' });
const loader = articlesLiveLoader({
  baseUrl: running.baseUrl,
  apiKey: GENERATED_KEYS.full,
  freshness: 0,
});

async function timed() {
  const start = performance.now();
  const result = await loader.loadCollection({ collection: 'articles', filter: undefined });
  if (result.error) throw result.error;
  return { ms: performance.now() - start, entries: result.entries.length };
}

const cold = await timed();
mock.resetStats();
const warm = [];
for (let i = 0; i < runs; i++) warm.push((await timed()).ms);
const notModified = mock.stats.notModified;
await running.close();
warm.sort((a, b) => a - b);
const median = warm[Math.floor(warm.length / 2)];
console.log(
  JSON.stringify({
    articles: cold.entries,
    coldMs: Math.round(cold.ms),
    warmMedianMs: Math.round(median),
    warmRuns: warm.map(Math.round),
    warmRequests: mock.stats.requests,
    warm304: notModified,
    ratio: +(median / cold.ms).toFixed(3),
  }),
);
