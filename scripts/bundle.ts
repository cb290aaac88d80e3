// `npm run build`, after `tsc -b` has written the declarations: each package's JavaScript, one
// bundle per entry point, from its TypeScript sources (rolldown: the bundler Vite 8, and so every
// Astro 7 site, already runs, so a site's tree holds no second one). A site's Vite then loads a
// few modules of ours where it loaded a hundred, in every `astro sync`, `build` and `dev`.
//
// dist/ is flat: entries and their shared chunks side by side, so a module that names a file of
// dist/ by URL (the loader's injected routes, its thread script: src/build-time/dist-files.ts) finds
// it beside whichever bundle it ended up in. Every import that is not ours stays an import:
// dependencies, peers, node:* and Astro's virtual modules resolve in the site, as they did.
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { DIST_FILES } from '../packages/astro-loader/src/build-time/dist-files.ts';

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
    // What `content-read doctor --links` loads (Node only; no site imports it).
    doctor: 'doctor.ts',
    // What components/ArticleBody.astro imports.
    'article-body': 'article-body.ts',
    // Loaded by URL, not imported (see src/build-time/dist-files.ts).
    [name(DIST_FILES.bodyThread)]: 'build-time/pool/body-thread.ts',
    [name(DIST_FILES.envMiddleware)]: 'server/env-middleware.ts',
    [name(DIST_FILES.proxyRoute)]: 'server/proxy/route.ts',
    [name(DIST_FILES.publishRoute)]: 'server/publish/route.ts',
  },
};

function name(file: string): string {
  return file.replace(/\.js$/, '');
}

/** Every JavaScript file (and its map) under `dir`, relative to it. */
async function javaScriptIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && /\.js(?:\.map)?$/.test(entry.name))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * The new build moved into dist/ without a moment where a file is missing or half written (a
 * test or a dev server may be reading dist/ while it builds): changed files are renamed over
 * the old ones, and only then are the files of the old build that the new one lacks removed.
 */
async function replaceJavaScript(next: string, dist: string): Promise<void> {
  const made = await javaScriptIn(next);
  for (const file of made) {
    const from = join(next, file);
    const to = join(dist, file);
    const [fresh, old] = await Promise.all([readFile(from), readFile(to).catch(() => undefined)]);
    if (old?.equals(fresh)) continue;
    await mkdir(dirname(to), { recursive: true });
    await rename(from, to);
  }
  const kept = new Set(made);
  for (const file of await javaScriptIn(dist)) if (!kept.has(file)) await rm(join(dist, file));
  await rm(next, { recursive: true, force: true });
}

const only = process.argv.slice(2);
for (const [pkg, entries] of Object.entries(PACKAGES)) {
  if (only.length > 0 && !only.includes(pkg)) continue;
  const dir = join(root, 'packages', pkg);
  // Beside dist/, at the same depth, so that the maps' paths to src/ hold once moved.
  const next = join(dir, '.dist-next');
  await rm(next, { recursive: true, force: true });
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
      dir: next,
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
  await replaceJavaScript(next, join(dir, 'dist'));
}
