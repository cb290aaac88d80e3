// `npm run bench:profile` (`npm run bench:profile -- warm`: a warm sync, nothing changed): where
// an `astro sync` spends its CPU, for the loader site and the file() site on the same entries
// (BENCH_ARTICLES, default 10,000): each sync runs under `node --cpu-prof`, and the samples are
// summed by package. The sanitiser's threads are not
// profiled (they do not inherit Node's flags), so the loader is profiled twice: with its pool
// (the main thread's share) and without it (`sanitiseWorkers: 0`: all of its work). This is the
// profile the performance page quotes.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchConfig } from './config.js';
import type { BenchSite, SyncRun } from './lib/astro.js';
import { withSyncSites } from './lib/sync-sites.js';

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Who a function belongs to: a package, our own code, Node, or V8's pseudo-frames. */
export function ownerOf({ url, functionName }: ProfileNode['callFrame']): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const ours = /\/packages\/([^/]+)\//.exec(url);
  if (ours && !url.includes('node_modules/@content-read/')) return `@content-read/${ours[1]}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//g;
  let last: string | undefined;
  for (let m = pkg.exec(url); m; m = pkg.exec(url)) last = m[1];
  return last ?? 'site code';
}

/** CPU ms by owner over every profile file in `dir`. */
async function cpuByOwner(dir: string): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const name of await readdir(dir)) {
    const profile = JSON.parse(await readFile(join(dir, name), 'utf8')) as CpuProfile;
    const owner = new Map(profile.nodes.map((n) => [n.id, ownerOf(n.callFrame)]));
    profile.samples.forEach((id, i) => {
      const key = owner.get(id) ?? '(unknown)';
      totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
  }
  totals.delete('(idle)');
  return totals;
}

interface V8Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

/**
 * How many times htmlparser2's `Parser#end` (one call per body the sanitiser parses) ran, from
 * V8's precise coverage in `dir`: a count, not a sample, so it does not depend on load.
 */
async function parserEnds(dir: string): Promise<number> {
  let calls = 0;
  for (const name of await readdir(dir)) {
    const coverage = JSON.parse(await readFile(join(dir, name), 'utf8')) as V8Coverage;
    for (const script of coverage.result) {
      if (!script.url.endsWith('/node_modules/htmlparser2/dist/Parser.js')) continue;
      for (const fn of script.functions) {
        if (fn.functionName === 'end') calls += fn.ranges[0]?.count ?? 0;
      }
    }
  }
  return calls;
}

/**
 * A cold sync profiled, or with `warm` a sync after an unprofiled one (nothing changed). With
 * `countParser`, the profiled sync also records V8 coverage (slower, so not for the figures).
 */
async function profiled(
  site: BenchSite,
  env: Record<string, string>,
  warm: boolean,
  countParser: boolean,
) {
  const dir = await mkdtemp(join(tmpdir(), 'cr-cpu-prof-'));
  const coverageDir = await mkdtemp(join(tmpdir(), 'cr-coverage-'));
  const profile = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
  const profiledEnv = countParser ? { ...env, NODE_V8_COVERAGE: coverageDir } : env;
  let run: SyncRun;
  if (warm) {
    await site.syncCold(env);
    run = await site.sync(profiledEnv, profile);
  } else run = await site.syncCold(profiledEnv, profile);
  const ends = countParser ? await parserEnds(coverageDir) : undefined;
  await rm(coverageDir, { recursive: true, force: true });
  return { ms: run.ms, byOwner: await cpuByOwner(dir), dir, profiles: await readdir(dir), ends };
}

/** CPU ms by owner of each side: the loader with its pool, without it, and file(). */
export interface SyncProfile {
  pool: Map<string, number>;
  noPool: Map<string, number>;
  file: Map<string, number>;
  /** The CPU profile files written for the loader without its pool and for file(). */
  profileFiles: { noPool: string[]; file: string[] };
  /** With `countParser`: bodies parsed by htmlparser2 on each side's main thread. */
  parserEnds?: { noPool: number; file: number };
}

export async function profileSync(
  cfg: BenchConfig,
  { warm = false, countParser = false } = {},
  log = console.log,
): Promise<SyncProfile> {
  return withSyncSites(cfg.articles, async ({ loaderSite, fileSite, env }) => {
    const loader = await profiled(loaderSite, env, warm, false);
    const inline = await profiled(
      loaderSite,
      { ...env, BENCH_LOADER_OPTIONS: JSON.stringify({ sanitiseWorkers: 0 }) },
      warm,
      countParser,
    );
    const file = await profiled(fileSite, {}, warm, countParser);
    const sides = [loader, inline, file];
    const owners = [...new Set(sides.flatMap((side) => [...side.byOwner.keys()]))].sort(
      (a, b) => (inline.byOwner.get(b) ?? 0) - (inline.byOwner.get(a) ?? 0),
    );
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const cell = (x: number) => `${Math.round(x)}`.padStart(8);
    const row = (label: string, values: number[]) =>
      log(`${label.padEnd(30)}${values.map(cell).join('')}`);
    log(
      `${warm ? 'Warm' : 'Cold'} astro sync of ${cfg.articles} articles, CPU ms by owner (main thread):`,
    );
    log(`${'owner'.padEnd(30)}${['pool', 'no pool', 'file()'].map((h) => h.padStart(8)).join('')}`);
    for (const owner of owners) {
      const values = sides.map((side) => side.byOwner.get(owner) ?? 0);
      if (values.some((v) => v >= 20)) row(owner, values);
    }
    row(
      'total CPU',
      sides.map((side) => sum(side.byOwner)),
    );
    row(
      'wall time',
      sides.map((side) => side.ms),
    );
    log(`Profiles (open in Chrome DevTools): ${sides.map((side) => side.dir).join(', ')}`);
    return {
      pool: loader.byOwner,
      noPool: inline.byOwner,
      file: file.byOwner,
      profileFiles: { noPool: inline.profiles, file: file.profiles },
      ...(countParser && { parserEnds: { noPool: inline.ends ?? 0, file: file.ends ?? 0 } }),
    };
  });
}
