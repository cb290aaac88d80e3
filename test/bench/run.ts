// `npm run bench` (or `node test/bench/run.ts` on Node 24): Node runs these TypeScript files by
// stripping types, but it does not map the `.js` import specifiers TypeScript wants (module
// nodenext) to the `.ts` files. This hook does, for files of test/bench only; then the
// benchmarks start.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

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

// `node test/bench/run.ts profile [warm]` runs the CPU profile of a cold (warm) sync instead.
if (process.argv[2] === 'profile') {
  const [{ profileSync }, { readConfig }] = await Promise.all([
    import('./profile-sync.js'),
    import('./config.js'),
  ]);
  const warm = process.argv[3] === 'warm';
  await profileSync(readConfig(process.argv.slice(warm ? 4 : 3)), { warm });
} else await import('./main.js');
