// `node test/bench/store-saves.mjs [rounds]` (after `npm run build`; Node 24): how often Astro
// saves its data store in the loader site's warm syncs, the evidence behind B4. Per round: a warm
// sync (every page a 304), then 100 articles changed and a sync. Each sync prints its wall time,
// the loader's summary and the number of saves (counted by a preload: each save reads
// data-store.json back to compare). BENCH_ARTICLES (default 10,000); BENCH_LATENCY_MS adds latency
// to every response after the cold sync, to show a sync slower than Astro's 500 ms save delay.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

// As in run.ts: the `.js` specifiers of test/bench's TypeScript files mean their `.ts` files.
const here = new URL('./', import.meta.url).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (
      specifier.startsWith('.') &&
      specifier.endsWith('.js') &&
      context.parentURL?.startsWith(here)
    ) {
      const ts = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
      if (existsSync(fileURLToPath(ts))) return nextResolve(ts.href, context);
    }
    return nextResolve(specifier, context);
  },
});

const { withSyncSites } = await import('./lib/sync-sites.ts');
const countSaves = fileURLToPath(
  new URL('../../packages/astro-loader/test/helpers/count-store-saves.mjs', import.meta.url),
);
const rounds = Number(process.argv[2] ?? 2);
const articles = Number(process.env.BENCH_ARTICLES ?? 10_000);
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 0);

await withSyncSites(articles, async ({ server, loaderSite, env }) => {
  const sync = async (label) => {
    const run = await loaderSite.sync(env, ['--import', countSaves]);
    const summary = run.output.split('\n').find((l) => l.includes('articles: synced')) ?? '';
    const saves = /\[store-saves\] (\d+)/.exec(run.output)?.[1] ?? '?';
    console.log(`${label}: ${Math.round(run.ms)} ms, ${saves} store saves | ${summary.trim()}`);
  };
  await loaderSite.clearStore();
  await sync('cold');
  if (latencyMs > 0) await server.setFaults({ latencyMs });
  for (let round = 1; round <= rounds; round++) {
    await sync(`warm ${round}`);
    await server.mutate(100, round);
    await sync(`100 changed ${round}`);
  }
});
