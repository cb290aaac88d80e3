// `node test/bench/run.ts ab <checkout> [rounds]`: B1's cold sync of this build against the
// build of another checkout (a git worktree of an earlier commit, its packages built), side by
// side in one process: both builds installed in copies of the loader site, one server, `file()`
// in the same rotation (only `dist` is swapped: both builds must publish the same files).
// Separate benchmark runs cannot tell a change of a few percent from the spread between
// processes on a shared machine; rounds alternating in one process can.
import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BenchConfig } from './config.js';
import { BenchSite } from './lib/astro.js';
import { fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';
import { withSyncSites } from './lib/sync-sites.js';

/** Our packages whose code runs in a sync: the ones swapped for the other checkout's. */
const SWAPPED = ['core', 'astro-loader'];

export async function compareSyncs(
  cfg: BenchConfig,
  checkout: string,
  rounds: number,
  log = console.log,
): Promise<void> {
  const other = resolve(checkout);
  for (const pkg of SWAPPED) {
    if (!existsSync(join(other, 'packages', pkg, 'dist')))
      throw new Error(
        `ab: ${other}/packages/${pkg}/dist is missing; run npm run build in that checkout first.`,
      );
  }
  await withSyncSites(cfg.articles, async ({ loaderSite, fileSite, env }) => {
    const otherSite = await BenchSite.create('loader-site');
    try {
      for (const pkg of SWAPPED) {
        const dist = join(otherSite.root, 'node_modules/@content-read', pkg, 'dist');
        await rm(dist, { recursive: true, force: true });
        await cp(join(other, 'packages', pkg, 'dist'), dist, { recursive: true });
      }
      const sides = new Map([
        ['this build', () => loaderSite.syncCold(env)],
        [other, () => otherSite.syncCold(env)],
        ['file()', () => fileSite.syncCold({})],
      ]);
      const times = new Map([...sides.keys()].map((name): [string, number[]] => [name, []]));
      const last = (name: string) => fmtMs(times.get(name)?.at(-1) ?? 0);
      for (let round = 1; round <= rounds; round++) {
        for (const [name, sync] of inRoundOrder([...sides], round))
          times.get(name)?.push((await sync()).ms);
        log(`  round ${round}: ${[...sides.keys()].map((n) => `${n} ${last(n)}`).join(', ')}`);
      }
      const file = median(times.get('file()') ?? []);
      log(`Cold astro sync of ${cfg.articles} articles, medians of ${rounds} rounds:`);
      for (const [name, ms] of times) {
        log(
          `  ${name}: ${fmtMs(median(ms))} (${(median(ms) / file).toFixed(2)}× file()); ${fmtList(ms, fmtMs)}`,
        );
      }
    } finally {
      await otherSite.dispose();
    }
  });
}
