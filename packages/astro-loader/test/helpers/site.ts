import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
export const repoRoot = resolve(here, '../../../..');
const astroBin = join(repoRoot, 'node_modules/astro/bin/astro.mjs');

export interface BuildResult {
  code: number | null;
  output: string;
  pages: Record<string, string>;
}

/** A private copy of a fixture site in a temp dir (own .astro, cacheDir and outDir). */
export class FixtureSite {
  private constructor(readonly root: string) {}

  static async create(fixture = 'site'): Promise<FixtureSite> {
    const root = await mkdtemp(join(tmpdir(), `cr-astro-${fixture}-`));
    await cp(join(here, '../fixtures', fixture), root, { recursive: true });
    await symlink(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
    return new FixtureSite(root);
  }

  env(connection: { baseUrl?: string; apiKey?: string }, options: object = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ASTRO_TELEMETRY_DISABLED: '1',
      FIXTURE_LOADER_OPTIONS: JSON.stringify(options),
      NO_COLOR: '1',
    };
    if (connection.baseUrl) env.CONTENT_API_URL = connection.baseUrl;
    if (connection.apiKey) env.CONTENT_API_KEY = connection.apiKey;
    return env;
  }

  /** Runs `astro build` in a child process (the repository's node) and reads the built pages. */
  async build(env: NodeJS.ProcessEnv, args: string[] = []): Promise<BuildResult> {
    const child = spawn(process.execPath, [astroBin, 'build', ...args], { cwd: this.root, env });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const code = await new Promise<number | null>((done) => child.on('close', done));
    return { code, output, pages: code === 0 ? await this.readPages() : {} };
  }

  async readPages(): Promise<Record<string, string>> {
    const dist = join(this.root, 'dist');
    const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html'));
    const pages: Record<string, string> = {};
    for (const file of files) pages[file] = await readFile(join(dist, file), 'utf8');
    return pages;
  }

  /** Every file of the site that a secret must never reach: output, data store, .astro. */
  async readAllFiles(): Promise<string> {
    let all = '';
    for (const dir of ['dist', '.cache', '.astro']) {
      const base = join(this.root, dir);
      const files = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const f of files)
        if (f.isFile()) all += await readFile(join(f.parentPath, f.name), 'utf8');
    }
    return all;
  }

  async dispose(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}

/** The summary line the loader logs for a collection. */
export function summaryOf(output: string, collection: string): string {
  return output.split('\n').find((l) => l.includes(`${collection}: synced`)) ?? '';
}
