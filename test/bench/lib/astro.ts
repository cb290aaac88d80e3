import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AstroSite } from '../../support/astro-site.js';

export { repoRoot } from '../../support/astro-site.js';

const peakRss = fileURLToPath(new URL('./peak-rss.mjs', import.meta.url));

export interface SyncRun {
  /** Wall time of the whole `astro sync` process, ms. */
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

  static async create(fixture: 'loader-site' | 'file-site' | 'naive-site'): Promise<BenchSite> {
    return new BenchSite(await AstroSite.copy(new URL(`../fixtures/${fixture}`, import.meta.url)));
  }

  get root(): string {
    return this.site.root;
  }

  /** Forgets everything synced: the next sync is cold. */
  clearStore(): Promise<void> {
    return this.site.clearStore();
  }

  /** `astro sync` in a child process on the repository's Node; rejects if it fails. */
  async sync(env: Record<string, string>, nodeArgs: string[] = []): Promise<SyncRun> {
    const rssFile = join(this.root, `.rss-${Date.now()}`);
    const run = await this.site.run(
      'sync',
      { ...this.site.env(), BENCH_RSS_FILE: rssFile, ...env },
      { nodeArgs: [...nodeArgs, '--import', peakRss] },
    );
    if (run.code !== 0)
      throw new Error(`astro sync in ${this.root} exited with ${run.code}:\n${run.output}`);
    const maxRssKb = Number(await readFile(rssFile, 'utf8'));
    await rm(rssFile, { force: true });
    return { ms: run.ms, maxRssKb, output: run.output };
  }

  dispose(): Promise<void> {
    return this.site.dispose();
  }
}
