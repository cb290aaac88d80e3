import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const astroBin = join(repoRoot, 'node_modules/astro/bin/astro.mjs');
const peakRss = fileURLToPath(new URL('./peak-rss.mjs', import.meta.url));

export interface SyncRun {
  /** Wall time of the whole `astro sync` process, ms. */
  ms: number;
  /** Peak resident set size of the process, kB. */
  maxRssKb: number;
  output: string;
}

/** A private copy of one of test/bench/fixtures/* in a temp dir, with its own data store. */
export class BenchSite {
  readonly root: string;

  private constructor(root: string) {
    this.root = root;
  }

  static async create(fixture: 'loader-site' | 'file-site' | 'naive-site'): Promise<BenchSite> {
    const root = await mkdtemp(join(tmpdir(), `cr-bench-${fixture}-`));
    await cp(fileURLToPath(new URL(`../fixtures/${fixture}`, import.meta.url)), root, {
      recursive: true,
    });
    await symlink(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
    return new BenchSite(root);
  }

  /** Forgets everything synced: the next sync is cold. */
  async clearStore(): Promise<void> {
    await rm(join(this.root, '.cache'), { recursive: true, force: true });
    await rm(join(this.root, '.astro'), { recursive: true, force: true });
  }

  /** `astro sync` in a child process on the repository's Node; rejects if it fails. */
  async sync(env: Record<string, string>, nodeArgs: string[] = []): Promise<SyncRun> {
    const rssFile = join(this.root, `.rss-${Date.now()}`);
    const started = performance.now();
    const child = spawn(process.execPath, [...nodeArgs, '--import', peakRss, astroBin, 'sync'], {
      cwd: this.root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ASTRO_TELEMETRY_DISABLED: '1',
        NO_COLOR: '1',
        BENCH_RSS_FILE: rssFile,
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const code = await new Promise<number | null>((done) => child.on('close', done));
    const ms = performance.now() - started;
    if (code !== 0) throw new Error(`astro sync in ${this.root} exited with ${code}:\n${output}`);
    const maxRssKb = Number(await readFile(rssFile, 'utf8'));
    await rm(rssFile, { force: true });
    return { ms, maxRssKb, output };
  }

  async dispose(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}
