// `npm run bench` (or `node test/bench/run.ts` on Node 24): Node runs these TypeScript files by
// stripping types, but it does not map the `.js` import specifiers TypeScript wants (module
// nodenext) to the `.ts` files. This hook does, for files of test/ only (the benchmarks import
// the tests' helpers, e.g. test/e2e/site.ts, which import theirs); then the benchmarks start.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = new URL('../', import.meta.url).href;
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

// `node test/bench/run.ts profile [warm]`: the CPU profile of a cold (warm) sync;
// `node test/bench/run.ts store-saves [rounds]`: Astro's store saves per warm sync;
// `node test/bench/run.ts store-size`: cold and warm syncs by size and storage;
// `node test/bench/run.ts archive-read`: the archive recipe's first request at full size;
// `node test/bench/run.ts ab <checkout> [rounds]`: B1's cold sync, this build against another's;
// else the benchmarks.
const [tool, arg] = process.argv.slice(2);
if (tool === 'archive-read') {
  const { measureArchiveRead } = await import('./archive-read.js');
  await measureArchiveRead();
} else if (tool === 'profile' || tool === 'store-saves' || tool === 'store-size') {
  const { readConfig } = await import('./config.js');
  if (tool === 'store-size') {
    const { measureStoreSizes } = await import('./store-size.js');
    await measureStoreSizes(readConfig([]));
  } else if (tool === 'profile') {
    const { profileSync } = await import('./profile-sync.js');
    const warm = arg === 'warm';
    await profileSync(readConfig(process.argv.slice(warm ? 4 : 3)), { warm });
  } else {
    const { countStoreSaves } = await import('./store-saves.js');
    await countStoreSaves(readConfig([]), Number(arg ?? 2));
  }
} else if (tool === 'ab') {
  if (!arg)
    throw new Error('ab: name the other checkout: node test/bench/run.ts ab <checkout> [rounds]');
  const { readConfig } = await import('./config.js');
  const { compareSyncs } = await import('./ab-sync.js');
  await compareSyncs(readConfig([]), arg, Number(process.argv[4] ?? 8));
} else await import('./main.js');
