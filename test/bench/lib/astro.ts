import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AstroSite } from '../../support/astro-site.js';

export { repoRoot } from '../../support/astro-site.js';

const peakRss = fileURLToPath(new URL('./peak-rss.mjs', import.meta.url));

export interface SyncRun {
  /** Wall time of the whole `astro sync` or `astro build` process, ms. */
  ms: number;
  /** Peak resident set size of the process, kB. */
  maxRssKb: number;
  output: string;
}

/** One of test/bench/fixtures/* as the shared AstroSite, whose `astro sync` also reports peak memory. */
export class BenchSite {
  readonly site: AstroSite;

  // A plain field, not a parameter property: Node runs this file by stripping types only.
  private constructor(site: AstroSite) {
    this.site = site;
  }

  /**
   * A copy of the fixture; with `pages`, the pages of fixtures/pages/<pages> are added (B8, B13
   * and B14 build a page per article; L2 serves one page in `astro dev`; the sync benchmarks need
   * no pages).
   */
  static async create(
    fixture: 'loader-site' | 'file-site' | 'naive-site' | 'body-site' | 'markdown-site',
    pages?:
      | 'loader'
      | 'file'
      | 'body-components'
      | 'body-content'
      | 'body-plain'
      | 'markdown'
      | 'dev-loader'
      | 'dev-naive',
  ): Promise<BenchSite> {
    const site = await AstroSite.copy(new URL(`../fixtures/${fixture}`, import.meta.url));
    if (pages)
      await cp(fileURLToPath(new URL(`../fixtures/pages/${pages}`, import.meta.url)), site.root, {
        recursive: true,
      });
    return new BenchSite(site);
  }

  get root(): string {
    return this.site.root;
  }

  /** This site's data store (and asset cache) copied into `other`'s: the same sync, twice. */
  async copyStoreTo(other: BenchSite): Promise<void> {
    await other.clearStore();
    await cp(join(this.root, '.cache'), join(other.root, '.cache'), { recursive: true });
  }

  /**
   * Forgets everything synced and built (the data store and Astro's asset cache, both in
   * ./.cache, .astro and dist): the next sync or build is cold.
   */
  async clearStore(): Promise<void> {
    await this.site.clearStore();
    await rm(join(this.root, 'dist'), { recursive: true, force: true });
  }

  /** `astro sync` in a child process on the repository's Node; rejects if it fails. */
  sync(env: Record<string, string>, nodeArgs: string[] = []): Promise<SyncRun> {
    return this.astro('sync', env, nodeArgs);
  }

  /** A cold `astro sync`: everything synced before is forgotten first. */
  async syncCold(env: Record<string, string>, nodeArgs: string[] = []): Promise<SyncRun> {
    await this.clearStore();
    return this.sync(env, nodeArgs);
  }

  /** `astro build` in a child process on the repository's Node; rejects if it fails. */
  build(env: Record<string, string>, nodeArgs: string[] = []): Promise<SyncRun> {
    return this.astro('build', env, nodeArgs);
  }

  private async astro(
    command: 'sync' | 'build',
    env: Record<string, string>,
    nodeArgs: string[],
  ): Promise<SyncRun> {
    const rssFile = join(this.root, `.rss-${Date.now()}`);
    const run = await this.site.run(
      command,
      { ...this.site.env(), BENCH_RSS_FILE: rssFile, ...env },
      { nodeArgs: [...nodeArgs, '--import', peakRss] },
    );
    if (run.code !== 0)
      throw new Error(`astro ${command} in ${this.root} exited with ${run.code}:\n${run.output}`);
    // Astro's file() logs a file it cannot read (e.g. past V8's string limit) and syncs nothing,
    // exiting 0: a baseline that did no work must not pass for a fast one.
    const logged = run.output.split('\n').find((line) => line.includes('[ERROR]'));
    if (logged)
      throw new Error(`astro ${command} in ${this.root} logged an error: ${logged}\n${run.output}`);
    const maxRssKb = Number(await readFile(rssFile, 'utf8'));
    await rm(rssFile, { force: true });
    return { ms: run.ms, maxRssKb, output: run.output };
  }

  dispose(): Promise<void> {
    return this.site.dispose();
  }
}
