import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBenches } from './benches.js';
import { ALL, readConfig } from './config.js';
import { inRoundOrder } from './lib/stats.js';
import { ownerOf, profileSync } from './profile-sync.js';
import { countStoreSaves } from './store-saves.js';

// Every benchmark at a tiny size, so `npm run bench` keeps working. No time is asserted (these
// machines are noisy); what is asserted is that each benchmark measured what it says: both sides
// ran, the ratio is a real number, and the warm sync transferred no article body. For the same
// reason the benchmarks, and the tests below, run side by side (each has its own servers and sites).
// BENCH_ONLY (e.g. BENCH_ONLY=B11,B12,B13,B14) runs only those benchmarks here too.

describe.concurrent('benchmarks at CI size', () => {
  // Concurrent tests take onTestFinished from their own context. Every benchmark builds or syncs
  // real Astro sites: on a loaded two-core machine this is npm test's longest file.
  it('run every benchmark end to end and produce a row each', { timeout: 1_200_000 }, async ({
    onTestFinished,
  }) => {
    const chartDir = await mkdtemp(join(tmpdir(), 'cr-bench-chart-'));
    onTestFinished(() => rm(chartDir, { recursive: true, force: true }));
    const chart = join(chartDir, 'scaling.svg');
    const cfg = readConfig([], {
      BENCH_ARTICLES: '40',
      BENCH_MEMORY_ARTICLES: '40',
      BENCH_CHANGED: '2',
      BENCH_RUNS: '1',
      BENCH_LATENCY_MS: '20',
      BENCH_RPS_SECONDS: '1',
      // S1's growth needs four sizes (three slopes, the first left out as start-up's).
      BENCH_SCALE_SIZES: '10,20,30,40',
      // S2 syncs the newest 100 (whole pages of 500) of 600.
      BENCH_ARCHIVE_ARTICLES: '600',
      BENCH_ARCHIVE_LATEST: '100',
      // B11 and B12: 6 articles with 3 code blocks each, 2 changed; B13: 10 pages; B14: 2 pages
      // of 5 images; Q1: one playground build of 40 articles, a query each way.
      BENCH_CODE_ARTICLES: '6',
      BENCH_CODE_CHANGED: '2',
      BENCH_COMPONENT_PAGES: '10',
      BENCH_IMAGE_PAGES: '2',
      BENCH_SEARCH_SIZES: '40',
      // U2: a fleet of one and of two instances (the path of any size above one).
      BENCH_FLEET_SIZES: '1,2',
      BENCH_CHART: chart,
      ...(process.env.BENCH_ONLY ? { BENCH_ONLY: process.env.BENCH_ONLY } : {}),
    });
    const lines: string[] = [];
    const results = await runBenches(cfg, (line) => lines.push(line), { parallel: 2 });
    // B8 and B15 report a cold and a warm row, B9 also B9f; every other benchmark one.
    const rows: Record<string, string[]> = {
      B8: ['B8 cold', 'B8 warm'],
      B9: ['B9', 'B9f'],
      B15: ['B15 cold', 'B15 warm'],
    };
    // B9, B10 and B9f share one run (benches.ts): selecting B9 or B10 reports all three.
    const shared = ['B9', 'B10'];
    const wanted = (id: string) =>
      cfg.only.includes(id) || (shared.includes(id) && shared.some((s) => cfg.only.includes(s)));
    const selected = ALL.filter(wanted);
    expect(results.map((r) => r.id)).toEqual(selected.flatMap((id) => rows[id] ?? [id]));
    for (const r of results) {
      expect(Number.isFinite(r.ratio) && r.ratio > 0, `${r.id}: ${r.detail}`).toBe(true);
      expect(r.detail).not.toBe('');
    }
    const detail = (id: string) => results.find((r) => r.id === id)?.detail;
    if (selected.includes('B3')) expect(detail('B3')).toContain('0 article pages with a body');
    // B15's links were rewritten to the site's pages, and a moved target's linkers followed it.
    if (selected.includes('B15')) {
      expect(detail('B15 cold')).toContain(`cold sync with links: ${5 * 40} hrefs to /blogs/`);
      expect(detail('B15 warm')).toContain('with links 1 updated + 5 linked again');
    }
    // B9's pages link each other's (articleUrl), alike on the three sites, and an edit rendered
    // the edited page only, not those linking to it.
    if (selected.includes('B9')) {
      expect(detail('B9')).toContain('the edited article (');
      expect(detail('B9')).toContain("5 links to the site's pages (e.g. /blogs/");
      expect(detail('B9')).toContain('each edit rendered 1 article page(s)');
    }
    // The loader's highlighted blocks and served images are Markdown's, byte for byte.
    // B11's blocks are compared with glob()'s in its detail, but not asserted here: under a
    // full test run, Astro's own highlighter may stop a line at Shiki's 500 ms limit on either
    // side. Byte parity is asserted by the loader's markdown-parity end-to-end test.
    if (selected.includes('B14'))
      expect(detail('B14')).toContain("the first page's 5 <img> identical on both sites");
    if (!selected.includes('S1')) return;
    // The scaling chart is drawn: two panels, a line and four points per side in each.
    const svg = await readFile(chart, 'utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.match(/<polyline /g)).toHaveLength(4);
    expect(svg.match(/<circle /g)).toHaveLength(16);
    expect(svg).toContain('peak RSS');
    expect(svg).toMatch(
      /^<svg [^>]*>\n<title>Cold astro sync: wall time; Cold astro sync: peak RSS, by articles/,
    );
  });

  it('profiles a cold sync by package, and the sanitiser parses each body on the main thread without the pool, never in file()', {
    timeout: 300_000,
  }, async () => {
    const articles = 40;
    const cfg = readConfig([], { BENCH_ARTICLES: String(articles) });
    const profile = await profileSync(cfg, { warm: false, countParser: true }, () => {});
    expect(profile.profileFiles.noPool.some((f) => f.endsWith('.cpuprofile'))).toBe(true);
    expect(profile.profileFiles.file.some((f) => f.endsWith('.cpuprofile'))).toBe(true);
    // Counted by V8 coverage, not sampled: file() imports the loader's schemas (so htmlparser2
    // is loaded) but never parses; the loader parses every article body at least once.
    expect(profile.parserEnds?.file).toBe(0);
    expect(profile.parserEnds?.noPool).toBeGreaterThanOrEqual(articles);
  });

  it('attributes profile frames to the package that owns them', () => {
    const frame = (url: string, functionName = 'f') => ownerOf({ url, functionName });
    expect(frame('file:///r/node_modules/htmlparser2/dist/Parser.js')).toBe('htmlparser2');
    expect(frame('file:///r/node_modules/astro/node_modules/@astrojs/x/a.js')).toBe('@astrojs/x');
    expect(frame('file:///r/packages/astro-loader/dist/sync/sync.js')).toBe(
      '@content-read/astro-loader',
    );
    expect(frame('node:fs')).toBe('node internals');
    expect(frame('', '(garbage collector)')).toBe('(garbage collector)');
    expect(frame('file:///r/site/src/content.config.ts')).toBe('site code');
  });

  it('counts Astro store saves of a cold, a warm and an edited sync: each saves the store', {
    timeout: 300_000,
  }, async () => {
    const lines: string[] = [];
    const cfg = readConfig([], { BENCH_ARTICLES: '40', BENCH_CHANGED: '2' });
    await countStoreSaves(cfg, 1, (line) => lines.push(line));
    const saves = lines.map((l) => [
      l.slice(0, l.indexOf(':')),
      /, (\d+) store saves/.exec(l)?.[1],
    ]);
    expect(saves.map(([label]) => label)).toEqual(['cold', 'warm 1', '2 changed 1']);
    // Every sync dirties the store (Astro sets its meta keys each time), so each saves at least
    // once. How many times is the benchmark's figure: it depends on how long a sync takes, so it
    // is not asserted here (the loader's own store-saves test holds the one-save promise).
    for (const [, count] of saves) expect(Number(count)).toBeGreaterThanOrEqual(1);
  });

  it('starts each round one step later, so every side takes every place in turn', () => {
    expect([1, 2, 3, 4].map((round) => inRoundOrder(['a', 'b', 'c'], round).join(''))).toEqual([
      'abc',
      'bca',
      'cab',
      'abc',
    ]);
    expect(inRoundOrder(['file', 'loader'], 2)).toEqual(['loader', 'file']);
  });

  it('reads sizes from flags and refuses nonsense', () => {
    expect(readConfig(['--articles=1_000', '--only=b2,b7'], {})).toMatchObject({
      articles: 1000,
      only: ['B2', 'B7'],
    });
    expect(() => readConfig(['--articles=-3'], {})).toThrow(/BENCH_ARTICLES=-3/);
    expect(() => readConfig(['articles'], {})).toThrow(/--name=value/);
  });
});
