// B15 (issue 50): what `articlesLoader({ articleUrl })` costs B1 and B4. The same articles
// (B1's, each with a canonical_url) synced by two copies of the loader site, alternately: one
// whose bodies hold five links each to other articles of the dataset (three by canonical_url
// with a #fragment, two by the blog's url and a dated path ending in the slug; lib/links.ts),
// with articleUrl; one whose bodies hold the same words without the anchors, without articleUrl.
// Per round: a cold sync of each (B1), then the same 100 edits on each, keeping the edited
// bodies' links, and a warm sync of each (B4), then one article that five others link to gets
// another slug, and a warm sync of each: what a moved target costs (its linkers linked again,
// none rendered again). Each side has its own mock server; the slug is given back afterwards
// (the next round starts cold).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArticleRecord } from '@content-read/mock-server';
import type { BenchConfig } from './config.js';
import { BenchSite, type SyncRun } from './lib/astro.js';
import { datasetOptions, KEY } from './lib/dataset.js';
import {
  articlePath,
  LINKS_PER_ARTICLE,
  linkEdits,
  linkedDataset,
  linkersOf,
} from './lib/links.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';

type Side = 'links' | 'plain';
type Step = 'cold' | 'changed' | 'moved';

/** The loader's summary line for the articles, e.g. "articles: synced 10000 entries (0 new, 100 updated, …". */
function summary(output: string): string {
  return output.split('\n').find((l) => l.includes('articles: synced')) ?? '';
}

/**
 * What a sync's log says it did to the articles: re-rendered (`updated`), linked again, and the
 * links it found broken (the summary of its warnings).
 */
function counts(output: string): { updated: number; relinked: number; broken: number } {
  const updated = Number(/ (\d+) updated/.exec(summary(output))?.[1] ?? Number.NaN);
  const relinked = Number(/articles: (\d+) entr(?:y|ies) linked again/.exec(output)?.[1] ?? 0);
  const broken = Number(/articles: (\d+) broken links? in/.exec(output)?.[1] ?? 0);
  return { updated, relinked, broken };
}

/**
 * The hrefs of the site's data store (`.cache/data-store.json`; devalue's JSON holds each body as
 * a JSON string, its quotes written `\"`) that point at an article's page on the site.
 */
async function sitePaths(site: BenchSite): Promise<string[]> {
  const store = await readFile(join(site.root, '.cache/data-store.json'), 'utf8');
  return [...store.matchAll(/href=\\"(\/blogs\/[^"\\]*)\\"/g)].map((m) => m[1] as string);
}

export async function runLinksBench(cfg: BenchConfig, log = console.log): Promise<BenchResult[]> {
  const n = cfg.articles;
  const changed = Math.min(cfg.changed, n);
  // The articles as both servers start with them (links and slugs as written; edits from them).
  const dataset = linkedDataset(n, false);
  const servers: Record<Side, ServerProcess> = {
    links: await ServerProcess.start({
      dataset: datasetOptions(n),
      links: { articles: n, anchors: true },
    }),
    plain: await ServerProcess.start({
      dataset: datasetOptions(n),
      links: { articles: n, anchors: false },
    }),
  };
  const sites: Record<Side, BenchSite> = {
    links: await BenchSite.create('loader-site'),
    plain: await BenchSite.create('loader-site'),
  };
  try {
    const env = (side: Side) => ({
      CONTENT_API_URL: servers[side].baseUrl,
      CONTENT_API_KEY: KEY,
      ...(side === 'links' ? { BENCH_ARTICLE_URL: '1' } : {}),
    });
    const times: Record<Step, Record<Side, number[]>> = {
      cold: { links: [], plain: [] },
      changed: { links: [], plain: [] },
      moved: { links: [], plain: [] },
    };
    const moved: Record<Side, ReturnType<typeof counts>[]> = { links: [], plain: [] };
    const problems: string[] = [];
    const checks: string[] = [];
    const blogSlug = new Map(dataset.blogs.map((b) => [b.id, b.slug]));
    // The article whose slug changes: linked to by five others (three by canonical_url).
    const targetIndex = Math.floor(n / 3);
    const target = dataset.articles[targetIndex] as ArticleRecord;
    const linkers = linkersOf(n, targetIndex);
    const targetBlog = blogSlug.get(target.blog_id) as string;

    const sync = async (side: Side, step: Step, round: number, cold = false): Promise<SyncRun> => {
      const run = cold ? await sites[side].syncCold(env(side)) : await sites[side].sync(env(side));
      const line = summary(run.output);
      if (!line.includes(`synced ${n} entries`))
        problems.push(`${side} ${step} sync, round ${round}: ${line || 'no summary'}`);
      times[step][side].push(run.ms);
      return run;
    };
    /** The links were written: every one of them on the linked side, none on the other. */
    const checkPaths = async (side: Side, expected: number, what: string, round: number) => {
      if (round !== 1) return;
      const paths = await sitePaths(sites[side]);
      if (paths.length !== expected)
        problems.push(
          `${side}, ${what}: ${paths.length} hrefs to /blogs/ in the data store, not ${expected}`,
        );
      else
        checks.push(
          side === 'links'
            ? `${what} with links: ${paths.length} hrefs to /blogs/ in the store (e.g. ${paths[0]})`
            : `${what} without: none`,
        );
    };

    for (let round = 1; round <= cfg.runs; round++) {
      const sides = inRoundOrder<Side>(['plain', 'links'], round);
      // B1: cold.
      for (const side of sides) {
        const run = await sync(side, 'cold', round, true);
        if (/broken link/.test(run.output))
          problems.push(`${side} cold sync, round ${round}: broken links reported`);
        await checkPaths(side, side === 'links' ? LINKS_PER_ARTICLE * n : 0, 'cold sync', round);
      }
      // B4: the same edits on both sides, each edited body keeping its links (or their words).
      for (const side of sides)
        await servers[side].update(linkEdits(dataset, changed, round, side === 'links'));
      for (const side of sides) {
        const run = await sync(side, 'changed', round);
        const { updated } = counts(run.output);
        if (updated !== changed)
          problems.push(
            `${side} sync after ${changed} edits, round ${round}: ${summary(run.output)}`,
          );
        await checkPaths(
          side,
          side === 'links' ? LINKS_PER_ARTICLE * n : 0,
          `after ${changed} edits`,
          round,
        );
      }
      // A moved target: another slug for the article five others link to.
      const slug = `${target.slug}-r${round}`;
      for (const side of sides) {
        await servers[side].rename(target.id, slug);
        const run = await sync(side, 'moved', round);
        moved[side].push(counts(run.output));
        if (side === 'links' && round === 1) {
          const paths = await sitePaths(sites.links);
          const followed = paths.filter((p) => p.startsWith(articlePath(targetBlog, slug)));
          // Those by canonical_url follow it; those by the old slug name no article now.
          if (followed.length !== linkers.byCanonical.length)
            problems.push(
              `after the slug change: ${followed.length} links to ${articlePath(targetBlog, slug)}, not ${linkers.byCanonical.length}`,
            );
          else checks.push(`after the slug change: ${followed.length} links to ${followed[0]}`);
        }
        await servers[side].rename(target.id, target.slug);
      }
      const last = (step: Step, side: Side) => fmtMs(times[step][side].at(-1) ?? 0);
      const m = moved.links.at(-1);
      log(
        `  round ${round}: cold links ${last('cold', 'links')}, plain ${last('cold', 'plain')}; ${changed} changed links ${last('changed', 'links')}, plain ${last('changed', 'plain')}; slug changed links ${last('moved', 'links')} (${m?.updated} updated, ${m?.relinked} linked again), plain ${last('moved', 'plain')}`,
      );
    }
    if (problems.length > 0)
      throw new Error(`B15 is not measuring what it claims:\n${problems.join('\n')}`);

    const runs = `medians of ${cfg.runs} runs, alternating`;
    const med = (step: Step, side: Side) => median(times[step][side]);
    const all = (step: Step) =>
      `with links: ${fmtList(times[step].links, fmtMs)}; without: ${fmtList(times[step].plain, fmtMs)}`;
    const form = `${LINKS_PER_ARTICLE} links per article (3 by \`canonical_url#fragment\`, 2 by the blog's \`url\` + \`/2024/05/<slug>/\`)`;
    const cold = med('cold', 'links') / med('cold', 'plain');
    const warm = med('changed', 'links') / med('changed', 'plain');
    // Per round, or once when every round said the same.
    const movedOf = (side: Side) => {
      const each = moved[side].map((c) => `${c.updated} updated + ${c.relinked} linked again`);
      return new Set(each).size === 1
        ? `${each[0]} in each of the ${each.length} rounds`
        : `per round ${each.join(', ')}`;
    };
    const slugNote = `A changed slug (article ${target.id}, linked to by ${linkers.byCanonical.length} by canonical_url and ${linkers.bySlug.length} by its old slug): warm sync with links ${fmtMs(med('moved', 'links'))} vs without ${fmtMs(med('moved', 'plain'))} (${(med('moved', 'links') / med('moved', 'plain')).toFixed(2)}×; ${all('moved')}); with links ${movedOf('links')}, without ${movedOf('plain')}; with links the ${linkers.bySlug.length} links by the old slug name no article now: ${moved.links[0]?.broken} broken links reported (kept as written, brokenLinks: 'keep')`;
    return [
      {
        id: 'B15 cold',
        what: `B1 with \`articleUrl\`: cold \`astro sync\`, ${n} articles (~5 KB HTML each), ${form}`,
        comparedWith:
          'the same articles without the links (their words kept), without `articleUrl`',
        target: '≤ 1.05×',
        ratio: cold,
        met: cold <= 1.05,
        detail: `with links ${fmtMs(med('cold', 'links'))} vs without ${fmtMs(med('cold', 'plain'))} (${runs}; ${all('cold')}); checked: ${checks.join('; ')}`,
      },
      {
        id: 'B15 warm',
        what: `B4 with \`articleUrl\`: warm sync, ${changed} of the ${n} changed (their links kept), ${form}`,
        comparedWith: 'the same sync of the same articles without the links, without `articleUrl`',
        target: '≤ 1.05×',
        ratio: warm,
        met: warm <= 1.05,
        detail: `with links ${fmtMs(med('changed', 'links'))} vs without ${fmtMs(med('changed', 'plain'))} (${runs}; ${all('changed')}). ${slugNote}`,
      },
    ];
  } finally {
    for (const server of Object.values(servers)) await server.stop();
    for (const site of Object.values(sites)) await site.dispose();
  }
}
