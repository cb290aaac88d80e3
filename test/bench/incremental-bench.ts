// B9, B10 and B9f: what Astro's incremental builds (`experimental.incrementalBuild`, every article
// page keyed with cacheKey(article, blog)) save a site that publishes. B8's site and pages, built
// warm three ways side by side: the loader site building incrementally, the same site building
// everything (B8 warm), and the file() site building incrementally with the same cacheKey recipe.
// Each round builds all three with nothing changed (B10), then with one article edited (B9, B9f).
// The articles link each other (issue 50): B15's bodies (lib/links.ts), five links each, which
// the loader sites point at the articles' pages (`articleUrl`) and the file() site holds already
// pointed there, so both build the same pages; the edit keeps the edited body's links. An edit
// must render only the edited article's page: its linkers' keys follow their entries' digests.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toEntryId } from '@content-read/astro-loader';
import type { ArticleRecord } from '@content-read/mock-server';
import { pagesOf } from '../support/build-log.js';
import { phases } from './build-bench.js';
import type { BenchConfig } from './config.js';
import { BenchSite, type SyncRun } from './lib/astro.js';
import { datasetOptions, editFileSiteArticles, KEY, writeFileSiteData } from './lib/dataset.js';
import {
  LINKS_PER_ARTICLE,
  linkEdits,
  linkedDataset,
  linkersOf,
  linksOnSite,
} from './lib/links.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';

type Side = 'incremental' | 'full' | 'file';
type Change = 'unchanged' | 'one edited';

/** How many article pages a build rendered, and how many it took from the incremental cache. */
function articlePages(output: string): { rendered: string[]; restored: number } {
  const { rendered, reused } = pagesOf(output);
  const article = (path: string) => path.startsWith('articles/');
  return { rendered: rendered.filter(article), restored: reused.filter(article).length };
}

/** The `<article>` of one built page, and the hrefs to the site's article pages in it. */
async function articleOf(site: BenchSite, id: string): Promise<{ html: string; links: string[] }> {
  const page = await readFile(join(site.root, 'dist/articles', id, 'index.html'), 'utf8');
  const html = /<article>[\s\S]*<\/article>/.exec(page)?.[0] ?? '';
  return {
    html,
    links: [...html.matchAll(/ href="(\/blogs\/[^"]*)"/g)].map((m) => m[1] as string),
  };
}

export async function runIncrementalBench(
  cfg: BenchConfig,
  log = console.log,
): Promise<BenchResult[]> {
  const n = cfg.articles;
  // The articles as the server starts with them; the edits are made from them.
  const dataset = linkedDataset(n, true);
  const onSite = linksOnSite(dataset);
  const server = await ServerProcess.start({
    dataset: datasetOptions(n),
    links: { articles: n, anchors: true },
  });
  const sites: Record<Side, BenchSite> = {
    incremental: await BenchSite.create('loader-site', 'loader'),
    full: await BenchSite.create('loader-site', 'loader'),
    file: await BenchSite.create('file-site', 'file'),
  };
  try {
    await writeFileSiteData(sites.file.root, n, { rendered: true, linked: onSite, dataset });
    const api = { CONTENT_API_URL: server.baseUrl, CONTENT_API_KEY: KEY, BENCH_ARTICLE_URL: '1' };
    const envOf: Record<Side, Record<string, string>> = {
      incremental: { ...api, BENCH_INCREMENTAL: '1' },
      full: api,
      file: { BENCH_INCREMENTAL: '1' },
    };
    const times = {
      unchanged: { incremental: [], full: [], file: [] } as Record<Side, number[]>,
      'one edited': { incremental: [], full: [], file: [] } as Record<Side, number[]>,
    };
    /** Astro's own phase times of each edited build, to say where a B9f difference lies. */
    const editedPhases: Record<Side, ReturnType<typeof phases>[]> = {
      incremental: [],
      full: [],
      file: [],
    };
    const problems: string[] = [];
    const checks: string[] = [];
    const editedIndex = 0;
    const editedId = toEntryId((dataset.articles[editedIndex] as ArticleRecord).id);
    const linkers = linkersOf(n, editedIndex);
    const linkerIds = [...linkers.byCanonical, ...linkers.bySlug].map((i) =>
      toEntryId((dataset.articles[i] as ArticleRecord).id),
    );
    const byEdit: number[] = [];
    /** A build, and the article pages it rendered: all (full), none (unchanged), or the edited one. */
    const build = async (side: Side, change: Change, round: number): Promise<SyncRun> => {
      const run = await sites[side].build(envOf[side]);
      const built = await readdir(join(sites[side].root, 'dist/articles'));
      if (built.length !== n)
        throw new Error(`B9: the ${side} site has ${built.length} article pages, not ${n}`);
      const { rendered, restored } = articlePages(run.output);
      const expected = side === 'full' ? n : change === 'unchanged' ? 0 : 1;
      if (side === 'incremental' && change === 'one edited') byEdit.push(rendered.length);
      if (
        rendered.length !== expected ||
        (expected === 1 && rendered[0] !== `articles/${editedId}/`)
      ) {
        const linking = rendered.filter((p) => linkerIds.some((id) => p === `articles/${id}/`));
        problems.push(
          `the ${side} build (${change}, round ${round}) rendered ${rendered.length} article pages (restored ${restored}), not ${expected}${expected === 1 ? ` (articles/${editedId}/)` : ''}: ${rendered.slice(0, 8).join(', ')}${rendered.length > 8 ? ', …' : ''}${linking.length > 0 ? `; ${linking.length} of them link to the edited article` : ''}`,
        );
      }
      times[change][side].push(run.ms);
      if (change === 'one edited') editedPhases[side].push(phases(run.output));
      return run;
    };
    /**
     * After an edit: the edited page and a page linking to it hold their links to the site's
     * pages, and each is the same on the three sites.
     */
    const checkPages = async (round: number) => {
      for (const id of [editedId, linkerIds[0] as string]) {
        const [ours, full, file] = await Promise.all(
          (['incremental', 'full', 'file'] as const).map((side) => articleOf(sites[side], id)),
        );
        if (ours?.links.length !== LINKS_PER_ARTICLE)
          problems.push(
            `round ${round}: article ${id}'s page holds ${ours?.links.length} links to /blogs/, not ${LINKS_PER_ARTICLE}`,
          );
        else if (ours.html !== full?.html || ours.html !== file?.html)
          problems.push(
            `round ${round}: article ${id}'s page differs between the sites:\n${ours.html.slice(0, 400)}\n---\n${(ours.html === full?.html ? file : full)?.html.slice(0, 400)}`,
          );
        else if (round === 1)
          checks.push(
            `${id === editedId ? 'the edited article' : 'an article linking to it'} (${id}): ${ours.links.length} links to the site's pages (e.g. ${ours.links[0]}), the same <article> on the three sites`,
          );
      }
    };
    // Cold builds make each site's store and incremental cache; they are not measured.
    for (const side of ['incremental', 'full', 'file'] as const) {
      const run = await sites[side].build(envOf[side]);
      if (articlePages(run.output).rendered.length !== n)
        throw new Error(`B9: the cold ${side} build did not render all ${n} article pages`);
    }
    const order: Side[] = ['incremental', 'full', 'file'];
    for (let round = 1; round <= cfg.runs; round++) {
      const sides = inRoundOrder(order, round);
      for (const side of sides) await build(side, 'unchanged', round);
      // Article 0 (what the server's own edits pick too), its five links kept.
      const edited = linkEdits(dataset, 1, round, true);
      await server.update(edited);
      await editFileSiteArticles(sites.file.root, edited, { rendered: true, linked: onSite });
      for (const side of sides) await build(side, 'one edited', round);
      await checkPages(round);
      const last = (change: Change, side: Side) => fmtMs(times[change][side].at(-1) ?? 0);
      log(
        `  round ${round}: unchanged incremental ${last('unchanged', 'incremental')}, full ${last('unchanged', 'full')}, file() ${last('unchanged', 'file')}; one edited incremental ${last('one edited', 'incremental')}, full ${last('one edited', 'full')}, file() ${last('one edited', 'file')}`,
      );
    }
    if (problems.length > 0)
      throw new Error(`B9 is not measuring what it claims:\n${problems.join('\n')}`);
    checks.push(
      `each edit rendered ${byEdit.join(', ')} article page(s) on the incremental loader site, not the ${linkerIds.length} linking to the edited one`,
    );
    const runs = `medians of ${cfg.runs} runs`;
    const links = `${LINKS_PER_ARTICLE} links per body to other articles (B15's), \`articleUrl\``;
    const row = (
      id: string,
      change: Change,
      against: Side,
      what: string,
      comparedWith: string,
      target: number,
    ): BenchResult => {
      const ours = times[change].incremental;
      const theirs = times[change][against];
      const ratio = median(ours) / median(theirs);
      const name = against === 'file' ? 'file()' : 'full build';
      const phase = (side: Side, key: 'syncMs' | 'renderMs') =>
        fmtMs(median(editedPhases[side].map((p) => p[key])));
      const split =
        change === 'one edited'
          ? `; content sync and types (Astro's "[types] Generated") incremental ${phase('incremental', 'syncMs')}, ${name} ${phase(against, 'syncMs')}; rendering the pages ${phase('incremental', 'renderMs')} vs ${phase(against, 'renderMs')}`
          : '';
      return {
        id,
        what,
        comparedWith,
        target: `≤ ${target}×`,
        ratio,
        met: ratio <= target,
        detail: `incremental ${fmtMs(median(ours))} vs ${name} ${fmtMs(median(theirs))}${split} (${runs}; incremental: ${fmtList(ours, fmtMs)}; ${name}: ${fmtList(theirs, fmtMs)}); checked: ${checks.join('; ')}`,
      };
    };
    return [
      row(
        'B9',
        'one edited',
        'full',
        `warm incremental \`astro build\`, ${n} article pages, ${links}, 1 article edited, its links kept (1 page rendered)`,
        'the same build without incremental builds (B8 warm, the same edit)',
        0.25,
      ),
      row(
        'B10',
        'unchanged',
        'full',
        `warm incremental \`astro build\`, ${n} article pages, ${links}, nothing changed (0 rendered)`,
        'the same build without incremental builds (B8 warm)',
        0.2,
      ),
      row(
        'B9f',
        'one edited',
        'file',
        `B9 on the loader (${n} article pages, ${LINKS_PER_ARTICLE} links per body, 1 edited)`,
        'B9 on the same site on `file()` (the same bodies, their links already pointing at the pages), the same cacheKey recipe',
        1.05,
      ),
    ];
  } finally {
    await server.stop();
    for (const site of Object.values(sites)) await site.dispose();
  }
}
