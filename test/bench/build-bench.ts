// B8: the wait our users actually have. A full `astro build` of a site with one page per article
// (body via render(), blog via getEntry(), a table of contents from the headings), cold (no data
// store, no dist) and warm (the store of the last build, nothing changed), against the same site
// on file() entries whose bodies were rendered beforehand (body via set:html).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchConfig } from './config.js';
import type { BenchSite } from './lib/astro.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';
import { withSyncSites } from './lib/sync-sites.js';

/** A time as Astro prints it ("812ms", "13.10s", "1m 20s"), in ms; NaN when there is none. */
const DURATION = '((?:\\d+m )?[\\d.]+m?s)';
function astroMs(time: string | undefined): number {
  const match = /^(?:(\d+)m )?([\d.]+)(m?s)$/.exec(time ?? '');
  if (!match) return Number.NaN;
  return Number(match[1] ?? 0) * 60_000 + Number(match[2]) * (match[3] === 'ms' ? 1 : 1000);
}

/** The time of the phase Astro starts with `heading` and ends with "✓ Completed in …", in ms. */
export function phaseMs(output: string, heading: string): number {
  return astroMs(new RegExp(`${heading}[\\s\\S]*?Completed in ${DURATION}`).exec(output)?.[1]);
}

/**
 * The two phases Astro times in its output: the content sync with type generation ("[types]
 * Generated 1.52s") and the rendering of the pages ("generating static routes" … "✓ Completed in
 * 13.1s."), in ms (NaN where Astro printed no such line).
 */
export function phases(output: string): { syncMs: number; renderMs: number } {
  return {
    syncMs: astroMs(new RegExp(`\\[types\\] Generated ${DURATION}`).exec(output)?.[1]),
    renderMs: phaseMs(output, 'generating static routes'),
  };
}

/** The `<article>` of one built page: the body both sites must show alike. */
async function articleOf(site: BenchSite, id: string): Promise<string> {
  const html = await readFile(join(site.root, 'dist/articles', id, 'index.html'), 'utf8');
  return /<article>[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
}

export async function runBuildBench(cfg: BenchConfig, log = console.log): Promise<BenchResult[]> {
  const n = cfg.articles;
  return withSyncSites(
    n,
    async ({ loaderSite, fileSite, env }) => {
      type Side = 'loader' | 'file';
      const times = {
        cold: { loader: [] as number[], file: [] as number[] },
        warm: { loader: [] as number[], file: [] as number[] },
      };
      const phase = {
        cold: {
          loader: [] as ReturnType<typeof phases>[],
          file: [] as ReturnType<typeof phases>[],
        },
        warm: {
          loader: [] as ReturnType<typeof phases>[],
          file: [] as ReturnType<typeof phases>[],
        },
      };
      const build = async (side: Side, kind: 'cold' | 'warm') => {
        const site = side === 'loader' ? loaderSite : fileSite;
        if (kind === 'cold') await site.clearStore();
        const run = await site.build(side === 'loader' ? env : {});
        const pages = await readdir(join(site.root, 'dist/articles'));
        if (pages.length !== n)
          throw new Error(`B8: the ${side} site built ${pages.length} article pages, not ${n}`);
        times[kind][side].push(run.ms);
        phase[kind][side].push(phases(run.output));
      };
      for (let round = 1; round <= cfg.runs; round++) {
        const sides = inRoundOrder<Side>(['file', 'loader'], round);
        for (const side of sides) await build(side, 'cold');
        for (const side of sides) await build(side, 'warm');
        log(
          `  round ${round}: cold loader ${fmtMs(times.cold.loader.at(-1) ?? 0)}, file() ${fmtMs(times.cold.file.at(-1) ?? 0)}; warm loader ${fmtMs(times.warm.loader.at(-1) ?? 0)}, file() ${fmtMs(times.warm.file.at(-1) ?? 0)}`,
        );
      }
      // Both sites must have built the same article, or the ratio compares different work.
      const [first] = await readdir(join(loaderSite.root, 'dist/articles'));
      const [ours, theirs] = await Promise.all([
        articleOf(loaderSite, first as string),
        articleOf(fileSite, first as string),
      ]);
      if (!ours.includes('<h2') || ours !== theirs)
        throw new Error(
          `B8: article ${first} differs between the sites:\n${ours.slice(0, 400)}\n---\n${theirs.slice(0, 400)}`,
        );
      const runs = `medians of ${cfg.runs} runs`;
      const row = (kind: 'cold' | 'warm'): BenchResult => {
        const t = times[kind];
        const ratio = median(t.loader) / median(t.file);
        const p = phase[kind];
        const of = (side: Side, key: 'syncMs' | 'renderMs') =>
          fmtMs(median(p[side].map((x) => x[key])));
        const renderNote = `; content sync and types (Astro's "[types] Generated") loader ${of('loader', 'syncMs')}, file() ${of('file', 'syncMs')}; rendering the pages loader ${of('loader', 'renderMs')}, file() ${of('file', 'renderMs')}`;
        return {
          id: `B8 ${kind}`,
          what: `${kind} \`astro build\`, a page per article (render(), getEntry(), headings), ${n} articles${kind === 'warm' ? ', nothing changed' : ''}`,
          comparedWith: `the same site on \`file()\` (body via set:html), ${kind}`,
          target: '≤ 1.05×',
          ratio,
          met: ratio <= 1.05,
          detail: `loader ${fmtMs(median(t.loader))} vs file() ${fmtMs(median(t.file))}${renderNote} (${runs}; loader: ${fmtList(t.loader, fmtMs)}; file(): ${fmtList(t.file, fmtMs)})`,
        };
      };
      return [row('cold'), row('warm')];
    },
    { pages: true },
  );
}
