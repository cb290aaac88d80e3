// Q1: what one search query costs the reader's browser, at the sizes of the mock's generated
// datasets. The playground is built on the mock (astro-pagefind indexes its article pages) and
// served by its built server; headless Chromium opens its search page and runs one query, either
// as the page does today (the Pagefind index, plus the newest articles as lean listings through
// contentRead()'s proxy) or as the seed's search did (d600a30: every page of /blogs and /articles
// through the same proxy, full articles, 100 a page, one page after another, titles matched in the
// browser). Counted from the query's submit to its results shown: the bytes the browser received
// (response headers and encoded bodies, the page's and its workers') and the time. Each sample serves the build afresh
// and opens a new browser context, so neither the proxy's cache nor the browser's holds anything.
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { type ApiEnv, buildPlayground, buildsDir, servePlayground } from '../e2e/site.js';
import { launchChromium } from '../support/browser.js';
import { chromiumHere } from '../support/registry-chromium.js';
import type { BenchConfig } from './config.js';
import { datasetOptions, KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';

/** One word of the generated titles and tags (it is in nearly every generated body too). */
const QUERY = 'lantern';
const TARGET = 0.05;
/** The lean listing as today's search reads it (playground/src/lib/search.ts). */
const LEAN = 'fields=id,slug,blog_id,title,excerpt,tags';

type Side = 'before' | 'after';

/** What one query took in the page. */
interface Sample {
  bytes: number;
  requests: number;
  ms: number;
  /** Results shown, and how many of them link to the live route (the newest articles' half). */
  hits: number;
  live: number;
}

interface SizeFigures {
  articles: number;
  buildMs: number;
  samples: Record<Side, Sample[]>;
  /** Bytes of one listing page of 100 articles through the proxy, full and lean. */
  fullPage: number;
  leanPage: number;
  index: { bytes: number; files: number };
}

/**
 * Today's search: the page's own form, submitted with the query already typed; done when the
 * status line says how many articles match (it is written after the results).
 */
const AFTER = `async () => {
  const form = document.getElementById('search');
  const status = document.getElementById('search-status');
  const failure = document.getElementById('search-error');
  const shown = new Promise((resolve) => {
    new MutationObserver((_, observer) => {
      if (!/match/.test(status.textContent)) return;
      observer.disconnect();
      resolve(performance.now());
    }).observe(status, { childList: true, characterData: true, subtree: true });
  });
  const started = performance.now();
  form.requestSubmit();
  const ended = await shown;
  return {
    ms: ended - started,
    hits: document.querySelectorAll('#search-results li').length,
    live: document.querySelectorAll('#search-results a[href^="/live/"]').length,
    error: failure.hidden ? '' : failure.textContent,
  };
}`;

/**
 * The seed's search (git show d600a30:playground/src/lib/search.ts, and its page's rendering), run
 * in the same page on the query typed into the same form.
 */
const BEFORE = `async () => {
  const started = performance.now();
  const proxy = '/api/content';
  const query = String(new FormData(document.getElementById('search')).get('q') ?? '').trim();
  const status = document.getElementById('search-status');
  const results = document.getElementById('search-results');
  results.replaceChildren();
  status.textContent = 'Searching…';
  const readAll = async (url) => {
    const items = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const response = await fetch(url + (url.includes('?') ? '&' : '?') + 'page=' + page);
      const body = await response.json().catch(() => undefined);
      if (!response.ok || !body) throw new Error(body?.error?.message ?? 'the server answered ' + response.status);
      items.push(...body.data);
      pages = body.meta?.total_pages ?? 1;
    }
    return items;
  };
  let outcome;
  try {
    const [blogs, articles] = await Promise.all([
      readAll(proxy + '/blogs?per_page=100'),
      readAll(proxy + '/articles?per_page=100'),
    ]);
    const slugOf = new Map(blogs.map((b) => [b.id, b.slug]));
    const words = query.toLowerCase().split(/\\s+/).filter(Boolean);
    const hits = articles
      .filter((a) => {
        const text = [a.title, a.excerpt ?? '', ...a.tags].join(' ').toLowerCase();
        return words.every((word) => text.includes(word));
      })
      .map((a) => ({ title: a.title, excerpt: a.excerpt, path: '/blogs/' + (slugOf.get(a.blog_id) ?? a.blog_id) + '/' + a.slug + '/' }));
    outcome = { ok: true, hits };
  } catch (error) {
    outcome = { ok: false, message: error.message };
  }
  if (!outcome.ok) return { ms: performance.now() - started, hits: 0, live: 0, error: outcome.message };
  for (const hit of outcome.hits) {
    const item = document.createElement('li');
    item.className = 'search-hit';
    const link = document.createElement('a');
    link.href = hit.path;
    link.textContent = hit.title;
    item.append(link);
    if (hit.excerpt) {
      const excerpt = document.createElement('p');
      excerpt.textContent = hit.excerpt;
      item.append(excerpt);
    }
    results.append(item);
  }
  const n = outcome.hits.length;
  status.textContent = n + ' ' + (n === 1 ? 'article matches' : 'articles match') + ' “' + query + '”.';
  return { ms: performance.now() - started, hits: document.querySelectorAll('#search-results li').length, live: 0, error: '' };
}`;

/** One query on a freshly served build in a new browser context, counted by CDP. */
async function sample(browser: Browser, outDir: string, api: ApiEnv, side: Side): Promise<Sample> {
  const site = await servePlayground(outDir, api);
  const page = await browser.newPage();
  try {
    await page.goto(`${site.url}search/`, { waitUntil: 'networkidle' });
    await page.getByLabel('Words to look for').fill(QUERY);
    // Counted by Playwright, which also sees Pagefind's worker (the index is fetched there,
    // where a CDP session of the page does not look): response headers and encoded body.
    let bytes = 0;
    let sent = 0;
    let ended = 0;
    page.on('request', () => sent++);
    page.on('requestfailed', () => ended++);
    page.on('requestfinished', async (request) => {
      try {
        const sizes = await request.sizes();
        // A worker's own script comes with its headers but no body size: its Content-Length.
        const length = (await request.response())?.headers()['content-length'];
        const body = sizes.responseBodySize || Number(length ?? 0);
        bytes += sizes.responseHeadersSize + body;
        if (process.env.Q1_DEBUG) console.log(sizes.responseHeadersSize + body, request.url());
      } finally {
        ended++;
      }
    });
    const got = (await page.evaluate(`(${side === 'after' ? AFTER : BEFORE})()`)) as {
      ms: number;
      hits: number;
      live: number;
      error: string;
    };
    if (got.error) throw new Error(`Q1 ${side}: the search failed: ${got.error}`);
    // Results are shown once their requests are answered; their last events may still be on
    // their way from the browser.
    for (let waited = 0; ended < sent && waited < 5000; waited += 20)
      await new Promise((done) => setTimeout(done, 20));
    return { bytes, requests: sent, ms: got.ms, hits: got.hits, live: got.live };
  } finally {
    await page.close();
    await site.stop();
  }
}

/** Total bytes and files under `dir`. */
async function sizeOf(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
    files++;
  }
  return { bytes, files };
}

/** The body bytes of one proxied listing page (the build's server, its proxy). */
async function pageBytes(outDir: string, api: ApiEnv, query: string): Promise<number> {
  const site = await servePlayground(outDir, api);
  try {
    const response = await fetch(`${site.url}api/content/articles?${query}`);
    if (!response.ok) throw new Error(`Q1: ${query} answered ${response.status}`);
    return (await response.arrayBuffer()).byteLength;
  } finally {
    await site.stop();
  }
}

async function measureSize(
  browser: Browser,
  articles: number,
  runs: number,
  log: (line: string) => void,
): Promise<SizeFigures> {
  const server = await ServerProcess.start({ dataset: datasetOptions(articles) });
  await mkdir(buildsDir, { recursive: true });
  const outDir = await mkdtemp(join(buildsDir, `bench-search-${articles}-`));
  try {
    // Feature images are left as the mock's URLs (no image domain allowed): Astro's transforms
    // of 10,000 covers would dominate the build and change nothing the search page reads.
    const api = { CONTENT_API_URL: server.baseUrl, CONTENT_API_KEY: KEY };
    const started = performance.now();
    await buildPlayground(outDir, { ...api, PLAYGROUND_IMAGE_DOMAINS: '' } as ApiEnv);
    const buildMs = performance.now() - started;
    log(`  Q1 ${articles} articles: playground built in ${fmtMs(buildMs)}`);
    const samples: Record<Side, Sample[]> = { before: [], after: [] };
    for (let round = 1; round <= runs; round++)
      for (const side of inRoundOrder(['before', 'after'] as const, round)) {
        const got = await sample(browser, outDir, api, side);
        samples[side].push(got);
        log(
          `  Q1 ${articles} ${side}: ${got.bytes} bytes in ${got.requests} requests, ${fmtMs(got.ms)}, ${got.hits} results (${got.live} live)`,
        );
      }
    return {
      articles,
      buildMs,
      samples,
      fullPage: await pageBytes(outDir, api, 'per_page=100'),
      leanPage: await pageBytes(outDir, api, `${LEAN}&per_page=100`),
      index: await sizeOf(join(outDir, 'client/pagefind')),
    };
  } finally {
    await server.stop();
    for (const dir of [outDir, `${outDir}.cache`]) await rm(dir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) =>
  bytes >= 10 * 2 ** 20
    ? `${(bytes / 2 ** 20).toFixed(1)} MiB`
    : `${(bytes / 1024).toFixed(1)} KiB`;

export async function runSearchBench(cfg: BenchConfig, log = console.log): Promise<BenchResult> {
  const choice = await chromiumHere();
  const browser = await launchChromium(choice);
  const sizes: SizeFigures[] = [];
  try {
    for (const articles of cfg.searchSizes)
      sizes.push(await measureSize(browser, articles, cfg.runs, log));
  } finally {
    await browser.close();
  }
  const of = (f: SizeFigures, side: Side, key: 'bytes' | 'ms') =>
    f.samples[side].map((s) => s[key]);
  const med = (f: SizeFigures, side: Side, key: 'bytes' | 'ms') => median(of(f, side, key));
  const largest = sizes.at(-1) as SizeFigures;
  const ratio = med(largest, 'after', 'bytes') / med(largest, 'before', 'bytes');
  const first = (f: SizeFigures, side: Side) => f.samples[side][0] as Sample;
  const times = sizes.map(
    (f) =>
      `at ${f.articles}: ${fmtMs(med(f, 'after', 'ms'))} vs ${fmtMs(med(f, 'before', 'ms'))} (samples ${fmtList(of(f, 'after', 'ms'), fmtMs)}; ${fmtList(of(f, 'before', 'ms'), fmtMs)}), ${kb(med(f, 'after', 'bytes'))} in ${first(f, 'after').requests} requests vs ${kb(med(f, 'before', 'bytes'))} in ${first(f, 'before').requests}, ${first(f, 'after').hits} results shown (${first(f, 'after').live} of them the newest articles' live links) vs ${first(f, 'before').hits}`,
  );
  const pages = sizes.map(
    (f) =>
      `at ${f.articles}: ${kb(f.leanPage)} lean vs ${kb(f.fullPage)} full (${(f.leanPage / f.fullPage).toFixed(3)}×)`,
  );
  const indexes = sizes.map(
    (f) =>
      `at ${f.articles}: ${kb(f.index.bytes)} in ${f.index.files} files (playground build ${fmtMs(f.buildMs)})`,
  );
  return {
    id: 'Q1',
    what: `bytes a browser receives for one search query at ${largest.articles} articles (Chromium, playground's search page): Pagefind's index + the newest lean articles`,
    comparedWith: "the seed's search: every listing page, full articles, through the proxy",
    target: `≤ ${TARGET}×`,
    ratio,
    met: ratio <= TARGET,
    detail: `"${QUERY}" at ${largest.articles} articles, from submit to results shown: median ${med(largest, 'after', 'bytes')} bytes vs ${med(largest, 'before', 'bytes')}, ${ratio.toFixed(4)}× (samples ${fmtList(of(largest, 'after', 'bytes'), String)}; ${fmtList(of(largest, 'before', 'bytes'), String)}). Time to first results, today vs before: ${times.join('; ')}. A listing page of 100 through the proxy: ${pages.join('; ')}. Pagefind's index: ${indexes.join('; ')}`,
  };
}
