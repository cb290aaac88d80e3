// How long a live `loadCollection` takes to answer, with the loader's default budget, when the
// API is down: refusing connections (its port closed) or hanging (accepting, never answering),
// with the last good content held (served with a warning) and without (the error result).
// The real mock server with generated data sits behind a front that can hang or close. Run from
// the repo root after `npm run build`, with the repository's Node:
//   node_modules/.bin/node test/bench/live-outage.mjs [runs=3]

import { articlesLiveLoader } from '@content-read/astro-loader/live';
import { createMockServer, generateDataset } from '@content-read/mock-server';
import { startFailingFront } from '../support/mock-server.ts';
import { datasetOptions, KEY } from './lib/dataset.ts';

const runs = Number(process.argv[2] ?? 3);
const mock = createMockServer({ dataset: generateDataset(datasetOptions(2_000)) });

let warnings = 0;
console.warn = () => warnings++;

async function measure(how, held) {
  const upstream = await startFailingFront(mock);
  const loader = articlesLiveLoader({ baseUrl: upstream.baseUrl, apiKey: KEY });
  const load = () => loader.loadCollection({ collection: 'articles', filter: undefined });
  if (held && (await load()).error) throw new Error('the first load failed');
  if (how === 'hanging') upstream.hang();
  else await upstream.down();
  warnings = 0;
  const start = performance.now();
  const result = await load();
  const ms = performance.now() - start;
  await upstream.close();
  return { ms, outcome: result.error ? 'error' : `${result.entries.length} entries`, warnings };
}

for (const how of ['refused', 'hanging']) {
  for (const held of [true, false]) {
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await measure(how, held));
    console.log(
      JSON.stringify({
        api: how,
        content: held ? 'held' : 'none',
        maxMs: Math.round(Math.max(...all.map((r) => r.ms))),
        runsMs: all.map((r) => Math.round(r.ms)),
        outcome: all[0]?.outcome,
        warnings: all[0]?.warnings,
      }),
    );
  }
}
// Revalidations still hanging behind the answers end within the per-request timeouts.
process.exit(0);
