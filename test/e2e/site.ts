import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AstroSite, repoRoot } from '../support/astro-site.js';
import { startListening } from '../support/listening-child.js';

// Building and serving the playground as a user would: `astro build` in its own process (the
// shared AstroSite harness, on the playground where it is),
// then the built server (static pages + the on-demand live route) in another.

export const playgroundRoot = join(repoRoot, 'playground');
/** Where test builds go: git-ignored, and under the repository so node_modules resolves. */
export const buildsDir = join(repoRoot, 'node_modules/.cache/content-read-e2e');
const serveScript = join(playgroundRoot, 'scripts/serve.ts');

/** The API the site reads, passed as the environment; the mock integration then stays out. */
export interface ApiEnv {
  CONTENT_API_URL: string;
  CONTENT_API_KEY: string;
  /** The served site's publish webhook secret, where a test publishes. */
  CONTENT_PUBLISH_SECRET?: string;
  /** The site's public address (astro.config.ts `site`), for a build. */
  PLAYGROUND_SITE?: string;
}

function withApi(api: ApiEnv): NodeJS.ProcessEnv {
  return { ...process.env, ...api, ASTRO_TELEMETRY_DISABLED: '1' };
}

/**
 * `astro build` of the playground into `outDir`, with Astro's caches of its own beside it (test
 * builds run at once; an incremental rebuild into the same `outDir` finds its own last build);
 * resolves with its output.
 */
export async function buildPlayground(outDir: string, api: ApiEnv): Promise<string> {
  const env = { ...withApi(api), PLAYGROUND_CACHE_DIR: `${outDir}.cache` };
  const run = await AstroSite.at(playgroundRoot).run('build', env, {
    args: ['--outDir', outDir],
  });
  if (run.code !== 0) {
    throw new Error(`astro build of the playground failed (exit ${run.code}):\n${run.output}`);
  }
  return run.output;
}

export interface ServedPlayground {
  url: string;
  stop(): Promise<void>;
}

/** Runs playground/scripts/serve.ts on port 0 and resolves with the URL it prints. */
export async function servePlayground(outDir: string, api: ApiEnv): Promise<ServedPlayground> {
  const { url, stop } = await startListening(
    process.execPath,
    [serveScript, outDir],
    { env: { ...withApi(api), PORT: '0' } },
    /Serving (http:\/\/\S+)/,
  );
  return { url, stop: async () => void (await stop()) };
}

/** Every file under a directory whose contents include `needle` (for keys leaking into output). */
export async function filesContaining(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(needle)) found.push(path);
  }
  return found;
}
