// `npm run build`, after `tsc -b` has written the declarations: each package's JavaScript, one
// bundle per entry point, from its TypeScript sources (rolldown: the bundler Vite 8, and so every
// Astro 7 site, already runs, so a site's tree holds no second one). A site's Vite then loads a
// few modules of ours where it loaded a hundred, in every `astro sync`, `build` and `dev`.
//
// dist/ is flat: entries and their shared chunks side by side, so a module that names a file of
// dist/ by URL (the loader's injected routes, its thread script: src/build/dist-files.ts) finds
// it beside whichever bundle it ended up in. Every import that is not ours stays an import:
// dependencies, peers, node:* and Astro's virtual modules resolve in the site, as they did.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { DIST_FILES } from '../packages/astro-loader/src/build/dist-files.ts';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Each package's entries: the output name (no `.js`) and its source under src/. */
const PACKAGES: Record<string, Record<string, string>> = {
  core: {
    index: 'index.ts',
    web: 'web.ts',
    internal: 'internal.ts',
    'internal/node': 'internal/node.ts',
    // What bin/content-read.js loads: the version check before the CLI (whose undici would throw).
    'node-version': 'node-version.ts',
    cli: 'cli.ts',
  },
  'mock-server': {
    index: 'index.ts',
    msw: 'msw.ts',
    astro: 'astro.ts',
    cli: 'cli.ts',
  },
  'astro-loader': {
    index: 'index.ts',
    live: 'live.ts',
    'live-highlight': 'live-highlight.ts',
    'live-images': 'live-images.ts',
    feed: 'feed.ts',
    // What components/ArticleBody.astro imports.
    'article-body': 'article-body.ts',
    // Loaded by URL, not imported (see src/build/dist-files.ts).
    [name(DIST_FILES.bodyThread)]: 'build/pool/body-thread.ts',
    [name(DIST_FILES.envMiddleware)]: 'server/env-middleware.ts',
    [name(DIST_FILES.proxyRoute)]: 'server/proxy/route.ts',
    [name(DIST_FILES.publishRoute)]: 'server/publish/route.ts',
  },
};

function name(file: string): string {
  return file.replace(/\.js$/, '');
}

/** The JavaScript of an earlier build: a bundle's chunk names change with its content. */
async function removeJavaScript(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await removeJavaScript(path);
    else if (/\.js(?:\.map)?$/.test(entry.name)) await rm(path);
  }
}

const only = process.argv.slice(2);
for (const [pkg, entries] of Object.entries(PACKAGES)) {
  if (only.length > 0 && !only.includes(pkg)) continue;
  const dir = join(root, 'packages', pkg);
  await removeJavaScript(join(dir, 'dist'));
  await build({
    cwd: dir,
    input: Object.fromEntries(
      Object.entries(entries).map(([out, src]) => [out, join(dir, 'src', src)]),
    ),
    // Ours is what is reached by a relative path; everything else resolves in the site.
    external: (id, importer) =>
      importer !== undefined && !id.startsWith('.') && !id.startsWith('/') && !id.includes('\0'),
    platform: 'neutral',
    // The sources import `./x.js` for `./x.ts`, as TypeScript's nodenext wants.
    resolve: { extensionAlias: { '.js': ['.ts', '.js'] } },
    tsconfig: join(dir, 'tsconfig.json'),
    // Constants keep their names, so dist/ reads as the sources do (a site's build minifies it).
    optimization: { inlineConst: false },
    logLevel: 'warn',
    output: {
      dir: join(dir, 'dist'),
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunk-[name]-[hash].js',
      sourcemap: true,
      // The maps point into src/, which is published.
      sourcemapExcludeSources: true,
      // Doc comments live in the declarations; annotations (`@__PURE__`, `@vite-ignore`) stay.
      comments: { legal: true, annotation: true, jsdoc: false },
    },
  });
}
