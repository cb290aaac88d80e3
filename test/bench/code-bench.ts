// B11 (cold sync of articles with code blocks, highlighted, vs glob() on the same Markdown) and
// B12 (a warm sync after some of them changed vs a warm sync with nothing changed), issue 28.
// One loader site and one Markdown site; per round a cold sync of each (alternately), then the
// loader's warm sync with nothing changed and its warm sync after edits (in turn first).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchConfig } from './config.js';
import { BenchSite } from './lib/astro.js';
import { bodyDatasetOptions, codeEdits, writeMarkdownArticles } from './lib/bodies.js';
import { KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';

/** The loader's summary line for a collection, e.g. "articles: synced 2000 entries (0 new, …". */
function summary(output: string, collection: string): string {
  return output.split('\n').find((l) => l.includes(`${collection}: synced`)) ?? '';
}

/**
 * The Shiki blocks in a site's data store (`.cache/data-store.json`, devalue's JSON: the entries'
 * rendered HTML as JSON strings, `<` written `\u003C`), as they are written there.
 */
async function highlightedBlocks(site: BenchSite): Promise<string[]> {
  const store = await readFile(join(site.root, '.cache/data-store.json'), 'utf8');
  return store.match(/\\u003Cpre class=\\"astro-code[\s\S]*?\\u003C\/pre>/g) ?? [];
}

export async function runCodeBenches(cfg: BenchConfig, log = console.log): Promise<BenchResult[]> {
  const n = cfg.codeArticles;
  const changedCount = Math.min(cfg.codeChanged, n);
  const server = await ServerProcess.start({
    dataset: bodyDatasetOptions(n),
    bodies: { kind: 'code', articles: n },
  });
  const loaderSite = await BenchSite.create('body-site');
  const markdownSite = await BenchSite.create('markdown-site');
  try {
    await writeMarkdownArticles(markdownSite.root, 'code', n);
    const env = { CONTENT_API_URL: server.baseUrl, CONTENT_API_KEY: KEY };
    const cold = { loader: [] as number[], markdown: [] as number[] };
    const warm: number[] = [];
    const changed: number[] = [];
    const problems: string[] = [];
    let parity = '';
    /** What the loader said of the blocks of each sync after edits. */
    const reused: string[] = [];
    // The articles edited in their text only keep their 3 blocks: none is highlighted again.
    const keptBlocks = 3 * (changedCount - Math.ceil(changedCount / 2));
    for (let round = 1; round <= cfg.runs; round++) {
      const coldLoader = async () => {
        const run = await loaderSite.syncCold(env);
        const line = summary(run.output, 'articles');
        if (!line.includes(`synced ${n} entries`))
          problems.push(`cold sync ${round}: ${line || 'no summary'}`);
        cold.loader.push(run.ms);
      };
      const coldMarkdown = async () => {
        cold.markdown.push((await markdownSite.syncCold({})).ms);
      };
      for (const step of inRoundOrder([coldMarkdown, coldLoader], round)) await step();
      if (round === 1) {
        // Both stores must hold the same highlighted blocks, 3 per article, or B11 compares
        // different work (the loader writes each block as the Markdown file's, byte for byte).
        const [ours, theirs] = await Promise.all([
          highlightedBlocks(loaderSite),
          highlightedBlocks(markdownSite),
        ]);
        const same = ours.length === theirs.length && ours.sort().join() === theirs.sort().join();
        if (ours.length !== 3 * n || theirs.length !== 3 * n)
          problems.push(
            `highlighted blocks in the stores: loader ${ours.length}, glob() ${theirs.length}, not ${3 * n} each`,
          );
        parity = same
          ? `the ${ours.length} highlighted blocks identical in both stores`
          : `the ${ours.length} highlighted blocks NOT identical to glob()'s`;
      }

      const unchanged = async () => {
        await server.reset();
        const run = await loaderSite.sync(env);
        const { requests } = await server.stats();
        const bodies = requests.filter((r) => r.path.includes('/articles') && r.status !== 304);
        if (bodies.length > 0)
          problems.push(`warm sync ${round}: ${bodies.length} article listings not answered 304`);
        warm.push(run.ms);
      };
      const edited = async () => {
        await server.update(codeEdits(n, changedCount, round));
        const run = await loaderSite.sync(env);
        const line = summary(run.output, 'articles');
        if (!line.includes(`${changedCount} updated`))
          problems.push(
            `sync after ${changedCount} edits, round ${round}: ${line || 'no summary'}`,
          );
        const blocks = /(\d+) code blocks highlighted, (\d+) of them taken/.exec(run.output);
        reused.push(blocks ? `${blocks[2]} of ${blocks[1]}` : 'none said');
        if (Number(blocks?.[2]) !== keptBlocks)
          problems.push(
            `sync after edits, round ${round}: ${blocks?.[0] ?? 'no count of code blocks'}, not ${keptBlocks} taken from the entries replaced`,
          );
        changed.push(run.ms);
      };
      for (const step of inRoundOrder([unchanged, edited], round)) await step();
      log(
        `  round ${round}: glob() cold ${fmtMs(cold.markdown.at(-1) ?? 0)}, loader cold ${fmtMs(cold.loader.at(-1) ?? 0)}; warm ${fmtMs(warm.at(-1) ?? 0)}, ${changedCount} changed ${fmtMs(changed.at(-1) ?? 0)}`,
      );
    }
    if (problems.length > 0)
      throw new Error(`B11/B12 are not measuring what they claim:\n${problems.join('\n')}`);
    const runs = `medians of ${cfg.runs} runs`;
    const b11 = median(cold.loader) / median(cold.markdown);
    const b12 = median(changed) / median(warm);
    return [
      {
        id: 'B11',
        what: `cold \`astro sync\`, ${n} articles with 3 code blocks each (ts, python, bash; different in every article), highlighted by the site's Shiki`,
        comparedWith:
          '`glob()` over the same articles as Markdown files (the same text and fences), Shiki on',
        target: '≤ 0.8×',
        ratio: b11,
        met: b11 <= 0.8,
        detail: `loader ${fmtMs(median(cold.loader))} vs glob() ${fmtMs(median(cold.markdown))} (${runs}; loader: ${fmtList(cold.loader, fmtMs)}; glob(): ${fmtList(cold.markdown, fmtMs)}); ${parity}`,
      },
      {
        id: 'B12',
        what: `warm sync of B11's site, ${changedCount} of the ${n} articles changed (text; code blocks too for half), no unchanged block highlighted again`,
        comparedWith: 'the same warm sync with nothing changed',
        target: '≤ 1.3×',
        ratio: b12,
        met: b12 <= 1.3,
        detail: `after edits ${fmtMs(median(changed))} vs unchanged ${fmtMs(median(warm))} (${runs}; after edits: ${fmtList(changed, fmtMs)}; unchanged: ${fmtList(warm, fmtMs)}); blocks taken from the entries replaced, of those written, per sync after edits: ${reused.join(', ')}`,
      },
    ];
  } finally {
    await server.stop();
    await loaderSite.dispose();
    await markdownSite.dispose();
  }
}
