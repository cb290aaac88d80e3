// L1 and L2: what a site pays to load us, before any content moves. L1: from `astro sync`'s start
// to the content layer's first loader call; L2: from `astro dev`'s start to its first page served.
// Each against the same site with a loader of a few lines of its own (naive-site), so the
// difference is loading our packages (and, for L2, rendering through <ArticleBody>). The dataset
// is small on purpose: the figures are start-up, not syncing.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { astroBin } from '../support/astro-site.js';
import { startListening } from '../support/listening-child.js';
import type { BenchConfig } from './config.js';
import { BenchSite } from './lib/astro.js';
import { datasetOptions, KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';

/** Articles on the server: enough for a page, few enough that syncing them is no part of it. */
const ARTICLES = 20;

/** L1: `astro sync`, and the first loader call it reported (ms since its process started). */
async function firstLoaderCall(site: BenchSite, env: Record<string, string>): Promise<number> {
  const file = join(site.root, '.first-call');
  await rm(file, { force: true });
  await site.syncCold({ ...env, BENCH_FIRST_CALL_FILE: file });
  const written = await readFile(file, 'utf8').catch(() => '');
  const calls = written.split('\n').filter(Boolean).map(Number);
  if (calls.length === 0 || !calls.every(Number.isFinite))
    throw new Error(`astro sync in ${site.root} reported no first loader call: "${written}"`);
  return Math.min(...calls);
}

/** L2: `astro dev` from its spawn to the end of its first page's response. */
async function firstDevPage(site: BenchSite, env: Record<string, string>): Promise<number> {
  await site.clearStore();
  const started = performance.now();
  const dev = await startListening(
    process.execPath,
    [astroBin, 'dev', '--host', '127.0.0.1', '--port', '0'],
    { cwd: site.root, env: { ...site.site.env(), ...env } },
    /(http:\/\/127\.0\.0\.1:\d+)/,
  );
  try {
    const response = await fetch(`${dev.url}/`);
    const html = await response.text();
    if (!response.ok || !html.includes('<article'))
      throw new Error(`astro dev in ${site.root}: / answered ${response.status}:\n${html}`);
    return performance.now() - started;
  } finally {
    await dev.stop();
  }
}

export async function runLoadBench(cfg: BenchConfig, log = console.log): Promise<BenchResult[]> {
  const server = await ServerProcess.start({ dataset: datasetOptions(ARTICLES) });
  const loaderSite = await BenchSite.create('loader-site', 'dev-loader');
  const naiveSite = await BenchSite.create('naive-site', 'dev-naive');
  const env = { CONTENT_API_URL: server.baseUrl, CONTENT_API_KEY: KEY };
  try {
    const sync = { loader: [] as number[], naive: [] as number[] };
    const dev = { loader: [] as number[], naive: [] as number[] };
    for (let round = 1; round <= cfg.runs; round++) {
      for (const side of inRoundOrder(['naive', 'loader'] as const, round)) {
        const site = side === 'loader' ? loaderSite : naiveSite;
        sync[side].push(await firstLoaderCall(site, env));
        dev[side].push(await firstDevPage(site, env));
      }
      log(
        `  round ${round}: first loader call ${fmtMs(sync.loader.at(-1) ?? 0)} vs ${fmtMs(sync.naive.at(-1) ?? 0)}, first dev page ${fmtMs(dev.loader.at(-1) ?? 0)} vs ${fmtMs(dev.naive.at(-1) ?? 0)}`,
      );
    }
    const runs = `medians of ${cfg.runs} runs`;
    const l1 = median(sync.loader) / median(sync.naive);
    const l2 = median(dev.loader) / median(dev.naive);
    return [
      {
        id: 'L1',
        what: "`astro sync` from its start to the content layer's first loader call",
        comparedWith: 'the same site with a loader of its own that imports nothing of ours',
        target: '≤ 1.10×',
        ratio: l1,
        met: l1 <= 1.1,
        detail: `loader site ${fmtMs(median(sync.loader))} vs ${fmtMs(median(sync.naive))} (${runs}; loader: ${fmtList(sync.loader, fmtMs)}; naive: ${fmtList(sync.naive, fmtMs)})`,
      },
      {
        id: 'L2',
        what: `\`astro dev\` from its start to its first page served (an article through \`<ArticleBody>\`, ${ARTICLES} articles synced)`,
        comparedWith: "the same site with a loader of its own, the article's HTML set as it is",
        target: '≤ 1.25×',
        ratio: l2,
        met: l2 <= 1.25,
        detail: `loader site ${fmtMs(median(dev.loader))} vs ${fmtMs(median(dev.naive))} (${runs}; loader: ${fmtList(dev.loader, fmtMs)}; naive: ${fmtList(dev.naive, fmtMs)})`,
      },
    ];
  } finally {
    await server.stop();
    await loaderSite.dispose();
    await naiveSite.dispose();
  }
}
