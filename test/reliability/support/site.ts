import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const astroBin = join(repoRoot, 'node_modules/astro/bin/astro.mjs');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** A private copy of test/reliability/fixtures/site in a temp dir (own store, own dist). */
export class ReliabilitySite {
  readonly root: string;

  private constructor(root: string) {
    this.root = root;
  }

  static async create(): Promise<ReliabilitySite> {
    const root = await mkdtemp(join(tmpdir(), 'cr-reliability-'));
    await cp(fileURLToPath(new URL('../fixtures/site', import.meta.url)), root, {
      recursive: true,
    });
    await symlink(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
    return new ReliabilitySite(root);
  }

  /** The environment of a build: only what it needs, the API and the loader options. */
  env(api: { baseUrl: string; apiKey: string }, options: object = {}): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_COLOR: '1',
      CONTENT_API_URL: api.baseUrl,
      CONTENT_API_KEY: api.apiKey,
      RELIABILITY_LOADER_OPTIONS: JSON.stringify(options),
    };
  }

  /** `astro build` or `astro sync` in a child process on the repository's Node. */
  async run(command: 'build' | 'sync', env: NodeJS.ProcessEnv): Promise<RunResult> {
    const started = performance.now();
    const child = spawn(process.execPath, [astroBin, command], { cwd: this.root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise<number | null>((done) => child.on('close', done));
    return { code, stdout, stderr, ms: performance.now() - started };
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

  /** Astro's data store (in the cacheDir, ./.cache): what a sync produced, file by file. */
  async dataStore(): Promise<Map<string, string>> {
    const all = await this.files('.cache');
    return new Map([...all].filter(([path]) => path.startsWith('data-store')));
  }

  async dispose(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}

/** The loader's one-line failure as Astro prints it, or ''. */
export function syncErrorLines(output: string): string[] {
  return output.split('\n').filter((l) => l.includes('Could not sync collection'));
}
