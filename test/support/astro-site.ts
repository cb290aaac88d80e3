/**
 * The one harness for real Astro sites in tests and benchmarks: a private copy of a fixture site
 * in a temp dir (own data store, own dist), `astro build`/`sync` in a child process on the
 * repository's Node, and readers for what came out. The packages' end-to-end tests, the
 * reliability suites, the benchmarks, the e2e and publish tests all use it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ListeningChild, startListening } from './listening-child.js';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const astroBin = join(repoRoot, 'node_modules/astro/bin/astro.mjs');

/**
 * The fixture site of the loader's integration tests and the reliability suites: both
 * collections from the API, loader options from LOADER_OPTIONS, a page per article showing every
 * field (so a payload anywhere reaches a page) and an index with the counts.
 */
export const FIXTURE_SITE = fileURLToPath(new URL('./fixtures/site', import.meta.url));

export interface AstroRun {
  /** The exit code; null when a signal ended the process (see `signal`). */
  code: number | null;
  /** The signal that ended the process (e.g. SIGKILL from `killAfterMs`), or null if it exited. */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr as they came. */
  output: string;
  /** Wall time of the process, ms. */
  ms: number;
}

export interface BuildResult extends AstroRun {
  /** The built HTML pages (path under dist → contents); empty when the build failed. */
  pages: Record<string, string>;
}

/** Where a site reads the API, and the loader options its content.config.ts passes on. */
export interface SiteApi {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
}

export class AstroSite {
  readonly root: string;
  private readonly owned: boolean;

  // Plain fields, not parameter properties: `npm run bench` runs this file by stripping types.
  private constructor(root: string, owned: boolean) {
    this.root = root;
    this.owned = owned;
  }

  /** A private copy of `fixture` (a site folder) in a temp dir, resolving node_modules here. */
  static async copy(fixture: string | URL): Promise<AstroSite> {
    const from = typeof fixture === 'string' ? fixture : fileURLToPath(fixture);
    const root = await mkdtemp(join(tmpdir(), `cr-${basename(from)}-`));
    // A copy's own node_modules is the link to ours, made again below.
    const linked = join(from, 'node_modules');
    await cp(from, root, { recursive: true, filter: (path) => path !== linked });
    await linkPackages(join(root, 'node_modules'));
    return new AstroSite(root, true);
  }

  /**
   * A private copy of this site as it is now, data store and all: builds that start from the
   * same sync and then go different ways run at once, each in its own copy.
   */
  clone(): Promise<AstroSite> {
    return AstroSite.copy(this.root);
  }

  /** A site used where it is (e.g. the playground); `dispose()` leaves it alone. */
  static at(root: string): AstroSite {
    return new AstroSite(root, false);
  }

  /**
   * Only what a build needs: no CONTENT_API_* of the calling shell. `options` reach the fixture's
   * content.config.ts as LOADER_OPTIONS (JSON).
   */
  env(api: SiteApi = {}, options?: object, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_COLOR: '1',
      ...(api.baseUrl ? { CONTENT_API_URL: api.baseUrl } : {}),
      ...(api.apiKey ? { CONTENT_API_KEY: api.apiKey } : {}),
      ...(options ? { LOADER_OPTIONS: JSON.stringify(options) } : {}),
      ...extra,
    };
  }

  /**
   * An `astro` command in a child process; `nodeArgs` go to Node (e.g. `--import`). `killAfterMs`
   * is a hang guard: a process still running then is killed (SIGKILL, shown in `signal`), so a
   * test that expects it to end by itself fails with its output instead of timing out.
   */
  async run(
    command: 'build' | 'sync' | 'check',
    env: NodeJS.ProcessEnv,
    options: { args?: string[]; nodeArgs?: string[]; killAfterMs?: number } = {},
  ): Promise<AstroRun> {
    const started = performance.now();
    // A site with its own Astro (an installed smoke site) runs that one; copies link ours.
    const own = join(this.root, 'node_modules/astro/bin/astro.mjs');
    const bin = existsSync(own) ? own : astroBin;
    const argv = [...(options.nodeArgs ?? []), bin, command, ...(options.args ?? [])];
    // No stdin: a command that would prompt (astro check without its packages) fails instead.
    const child = spawn(process.execPath, argv, {
      cwd: this.root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      output += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      output += d;
    });
    const guard =
      options.killAfterMs === undefined
        ? undefined
        : setTimeout(() => child.kill('SIGKILL'), options.killAfterMs);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) =>
      child.on('close', (c, s) => done([c, s])),
    );
    clearTimeout(guard);
    return { code, signal, stdout, stderr, output, ms: performance.now() - started };
  }

  /** Its built standalone `@astrojs/node` server, on a free port of 127.0.0.1. */
  serve(env: NodeJS.ProcessEnv): Promise<ListeningChild> {
    return startListening(
      process.execPath,
      [join(this.root, 'dist/server/entry.mjs')],
      { cwd: this.root, env: { ...env, HOST: '127.0.0.1', PORT: '0' } },
      /(http:\/\/127\.0\.0\.1:\d+)/,
    );
  }

  /** `astro build`, failing with its output unless it succeeds. */
  async mustBuild(env: NodeJS.ProcessEnv): Promise<AstroRun> {
    const run = await this.run('build', env);
    if (run.code !== 0)
      throw new Error(`astro build in ${this.root} exited ${run.code}:\n${run.output}`);
    return run;
  }

  /** `astro build`, and the pages it wrote. */
  async build(env: NodeJS.ProcessEnv, args: string[] = []): Promise<BuildResult> {
    const run = await this.run('build', env, { args });
    return { ...run, pages: run.code === 0 ? await this.pages() : {} };
  }

  /** The built HTML pages under dist. */
  async pages(): Promise<Record<string, string>> {
    const pages: Record<string, string> = {};
    for (const [path, text] of await this.files('dist')) {
      if (path.endsWith('.html')) pages[path] = text;
    }
    return pages;
  }

  /** Every file under `dir` of the site (relative path → contents); empty if it does not exist. */
  async files(dir: string): Promise<Map<string, string>> {
    const base = join(this.root, dir);
    const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
    const files = new Map<string, string>();
    for (const e of entries) {
      if (!e.isFile()) continue;
      const path = join(e.parentPath, e.name);
      files.set(path.slice(base.length + 1), await readFile(path, 'utf8'));
    }
    return files;
  }

  /** Every file a secret must never reach: the output, the data store, .astro. */
  async allOutput(): Promise<string> {
    let all = '';
    for (const dir of ['dist', '.cache', '.astro']) {
      for (const text of (await this.files(dir)).values()) all += text;
    }
    return all;
  }

  /** Astro's data store (in the cacheDir, ./.cache): what a sync produced, file by file. */
  async dataStore(): Promise<Map<string, string>> {
    const all = await this.files('.cache');
    return new Map([...all].filter(([path]) => path.startsWith('data-store')));
  }

  /** Forgets everything synced: the next sync is cold. */
  async clearStore(): Promise<void> {
    await rm(join(this.root, '.cache'), { recursive: true, force: true });
    await rm(join(this.root, '.astro'), { recursive: true, force: true });
  }

  async dispose(): Promise<void> {
    if (this.owned) await rm(this.root, { recursive: true, force: true });
  }
}

/** Caches Vite and Astro write under a site's node_modules: each copy keeps its own. */
const PRIVATE_CACHES = new Set(['.vite', '.astro']);

/**
 * A node_modules of links to each of ours, but our published packages installed. Not one link to
 * the whole folder: Vite re-optimises dependencies into node_modules/.vite by renaming a temp
 * folder, and copies building at once would race on one shared folder (ENOTEMPTY).
 */
async function linkPackages(to: string): Promise<void> {
  const from = join(repoRoot, 'node_modules');
  await mkdir(to);
  const names = (await readdir(from)).filter((name) => !PRIVATE_CACHES.has(name));
  await Promise.all(
    names.map((name) =>
      name === SCOPE
        ? installOwnPackages(join(to, SCOPE))
        : symlink(join(from, name), join(to, name)),
    ),
  );
}

const SCOPE = '@content-read';
/** Our packages a site installs from npm; the scope's others (the mock, test helpers) are linked. */
const PUBLISHED = new Set(['core', 'astro-loader']);

/**
 * Our packages in `scope` as `npm install` leaves them: a copy of what each publishes
 * (package.json and its "files"), where the workspace has a link. Vite takes a linked package for
 * the site's own source and runs its modules through its pipeline; an installed one is loaded as
 * a user's site loads it (the loader outside Vite: its package.json's `astro.external`). The
 * fixtures' package.json lists the loader, as a site's does.
 */
async function installOwnPackages(scope: string): Promise<void> {
  const workspace = join(repoRoot, 'node_modules', SCOPE);
  await mkdir(scope);
  for (const name of await readdir(workspace)) {
    if (!PUBLISHED.has(name)) {
      await symlink(join(workspace, name), join(scope, name));
      continue;
    }
    const from = join(repoRoot, 'packages', name);
    const { files = [] } = JSON.parse(await readFile(join(from, 'package.json'), 'utf8')) as {
      files?: string[];
    };
    for (const file of ['package.json', ...files]) {
      await cp(join(from, file), join(scope, name, file), { recursive: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        },
      );
    }
  }
}

/** The summary line the loader logs for a collection, or ''. */
export function summaryOf(output: string, collection: string): string {
  return output.split('\n').find((l) => l.includes(`${collection}: synced`)) ?? '';
}

/** The loader's one-line failures as Astro prints them. */
export function syncErrorLines(output: string): string[] {
  return output.split('\n').filter((l) => l.includes('Could not sync collection'));
}
