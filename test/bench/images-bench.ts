// B14 (issue 28): a full build of article pages whose bodies show images the site authorises,
// through <ArticleBody> (which puts them through Astro's image service, as Markdown does),
// against the same site on glob() Markdown files with the same images. Every build is cold on
// both sides alike: data store, Astro's asset cache (both in ./.cache), .astro and dist removed
// first, so each build measures (the loader at sync, Markdown while rendering), fetches and
// transforms every image again. The images come from the mock's image cache (each encoded once
// before the runs), so the figure is Astro's and the loader's work, not the mock's PNG encoder.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { phaseMs, phases } from './build-bench.js';
import type { BenchConfig } from './config.js';
import { BenchSite } from './lib/astro.js';
import { bodyDatasetOptions, writeMarkdownArticles } from './lib/bodies.js';
import { KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';

type Side = 'loader' | 'markdown';

/** The images of the first article page: each must be served from /_astro/. */
async function firstPageImages(site: BenchSite): Promise<string[]> {
  const [first] = await readdir(join(site.root, 'dist/articles'));
  const html = await readFile(
    join(site.root, 'dist/articles', first as string, 'index.html'),
    'utf8',
  );
  return html.match(/<img [^>]*>/g) ?? [];
}

export async function runImagesBench(cfg: BenchConfig, log = console.log): Promise<BenchResult> {
  const n = cfg.imagePages;
  const server = await ServerProcess.start({
    dataset: bodyDatasetOptions(n),
    bodies: { kind: 'images', articles: n },
    cachedImages: true,
  });
  const sites: Record<Side, BenchSite> = {
    loader: await BenchSite.create('body-site', 'body-plain'),
    markdown: await BenchSite.create('markdown-site', 'markdown'),
  };
  try {
    await writeMarkdownArticles(sites.markdown.root, 'images', n, server.imageOrigin);
    const env: Record<Side, Record<string, string>> = {
      loader: { CONTENT_API_URL: server.baseUrl, CONTENT_API_KEY: KEY },
      markdown: {},
    };
    const times: Record<Side, number[]> = { loader: [], markdown: [] };
    const phase: Record<Side, (ReturnType<typeof phases> & { imagesMs: number })[]> = {
      loader: [],
      markdown: [],
    };
    const fetched: Record<Side, number[]> = { loader: [], markdown: [] };
    for (let round = 1; round <= cfg.runs; round++) {
      for (const side of inRoundOrder<Side>(['markdown', 'loader'], round)) {
        const site = sites[side];
        await site.clearStore();
        await server.reset();
        const run = await site.build(env[side]);
        const pages = await readdir(join(site.root, 'dist/articles'));
        if (pages.length !== n)
          throw new Error(`B14: the ${side} site built ${pages.length} article pages, not ${n}`);
        const served = (await readdir(join(site.root, 'dist/_astro'))).filter((f) =>
          f.endsWith('.webp'),
        );
        if (served.length !== 5 * n)
          throw new Error(`B14: the ${side} site wrote ${served.length} images, not ${5 * n}`);
        times[side].push(run.ms);
        phase[side].push({
          ...phases(run.output),
          imagesMs: phaseMs(run.output, 'generating optimized images'),
        });
        fetched[side].push((await server.stats()).imageRequests);
      }
      log(
        `  round ${round}: <ArticleBody> ${fmtMs(times.loader.at(-1) ?? 0)}, glob() Markdown ${fmtMs(times.markdown.at(-1) ?? 0)}`,
      );
    }
    const shown = { loader: [] as string[], markdown: [] as string[] };
    for (const side of ['loader', 'markdown'] as const) {
      shown[side] = await firstPageImages(sites[side]);
      if (shown[side].length !== 5 || !shown[side].every((img) => img.includes('src="/_astro/')))
        throw new Error(`B14: the ${side} site's first page shows ${shown[side].join('\n')}`);
    }
    const parity =
      shown.loader.join() === shown.markdown.join()
        ? "the first page's 5 <img> identical on both sites"
        : `the first page's images differ: ${shown.loader[0]} vs ${shown.markdown[0]}`;

    const ratio = median(times.loader) / median(times.markdown);
    const of = (side: Side, key: 'syncMs' | 'renderMs' | 'imagesMs') =>
      fmtMs(median(phase[side].map((p) => p[key])));
    return {
      id: 'B14',
      what: `cold \`astro build\`, ${n} article pages through \`<ArticleBody entry />\`, 5 authorised images each (3 without width/height)`,
      comparedWith:
        'the same site on `glob()` Markdown files of the same articles (`![alt](url)` images), `<Content />`',
      target: '≤ 1.05×',
      ratio,
      met: ratio <= 1.05,
      detail: `loader ${fmtMs(median(times.loader))} vs Markdown ${fmtMs(median(times.markdown))}; content sync and types loader ${of('loader', 'syncMs')}, Markdown ${of('markdown', 'syncMs')}; rendering the pages ${of('loader', 'renderMs')} vs ${of('markdown', 'renderMs')}; generating the ${5 * n} images ${of('loader', 'imagesMs')} vs ${of('markdown', 'imagesMs')}; image requests per build loader ${fmtList(fetched.loader, String)}, Markdown ${fmtList(fetched.markdown, String)} (medians of ${cfg.runs} runs; loader: ${fmtList(times.loader, fmtMs)}; Markdown: ${fmtList(times.markdown, fmtMs)}); ${parity}`,
    };
  } finally {
    await server.stop();
    for (const site of Object.values(sites)) await site.dispose();
  }
}
