// B13 (issue 28): what rendering bodies through <ArticleBody components> costs a full build. The
// same loader site (B11's articles: 3 highlighted code blocks and 3 links each) built with two
// page templates: `<ArticleBody entry components={{ pre: CodeBlock, a: SmartLink }} />` and
// `render(entry)`'s `<Content />`. Both build from the same data store (one sync, copied), so the
// content sync is a warm one, alike on both sides, and every page is rendered each build.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { phases } from './build-bench.js';
import type { BenchConfig } from './config.js';
import { BenchSite } from './lib/astro.js';
import { bodyDatasetOptions } from './lib/bodies.js';
import { KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';

type Side = 'components' | 'content';

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

export async function runComponentsBench(
  cfg: BenchConfig,
  log = console.log,
): Promise<BenchResult> {
  const n = cfg.componentPages;
  const server = await ServerProcess.start({
    dataset: bodyDatasetOptions(n),
    bodies: { kind: 'code', articles: n },
  });
  const sites: Record<Side, BenchSite> = {
    components: await BenchSite.create('body-site', 'body-components'),
    content: await BenchSite.create('body-site', 'body-content'),
  };
  try {
    const env = { CONTENT_API_URL: server.baseUrl, CONTENT_API_KEY: KEY };
    // One cold sync (it highlights 3 blocks per article), not measured; both sites start from it.
    const synced = await sites.content.syncCold(env);
    if (!synced.output.includes(`articles: synced ${n} entries`))
      throw new Error(`B13: the first sync did not sync ${n} articles:\n${synced.output}`);
    await sites.content.copyStoreTo(sites.components);
    log(`  sync of ${n} articles (highlighting, not measured): ${fmtMs(synced.ms)}`);

    const times: Record<Side, number[]> = { components: [], content: [] };
    const phase: Record<Side, ReturnType<typeof phases>[]> = { components: [], content: [] };
    for (let round = 1; round <= cfg.runs; round++) {
      for (const side of inRoundOrder<Side>(['content', 'components'], round)) {
        const run = await sites[side].build(env);
        const pages = await readdir(join(sites[side].root, 'dist/articles'));
        if (pages.length !== n)
          throw new Error(`B13: the ${side} site built ${pages.length} article pages, not ${n}`);
        times[side].push(run.ms);
        phase[side].push(phases(run.output));
      }
      log(
        `  round ${round}: <ArticleBody components> ${fmtMs(times.components.at(-1) ?? 0)}, <Content /> ${fmtMs(times.content.at(-1) ?? 0)}`,
      );
    }

    // The components did render: every code block in its figure, every link classed; and the
    // baseline shows the same highlighted blocks and links as plain HTML.
    const page = async (side: Side) => {
      const [first] = await readdir(join(sites[side].root, 'dist/articles'));
      const html = await readFile(
        join(sites[side].root, 'dist/articles', first as string, 'index.html'),
        'utf8',
      );
      return /<article>[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
    };
    const [ours, theirs] = [await page('components'), await page('content')];
    const figures = count(ours, /<figure class="code-block"/g);
    const classed = count(ours, /<a [^>]*class="(external|internal)"/g);
    const blocks = count(theirs, /<pre class="astro-code/g);
    const links = count(theirs, /<a /g);
    if (figures !== 3 || classed !== 3 || blocks !== 3 || links !== 3)
      throw new Error(
        `B13: a page shows ${figures} CodeBlock figures and ${classed} SmartLinks (components), ${blocks} highlighted blocks and ${links} links (<Content />), not 3 of each:\n${ours.slice(0, 600)}`,
      );

    const ratio = median(times.components) / median(times.content);
    const of = (side: Side, key: 'syncMs' | 'renderMs') =>
      fmtMs(median(phase[side].map((p) => p[key])));
    return {
      id: 'B13',
      what: `full \`astro build\`, ${n} article pages through \`<ArticleBody entry components={{ pre: CodeBlock, a: SmartLink }} />\` (3 code blocks, 3 links each; warm store)`,
      comparedWith: 'the same pages through `render(entry)` and `<Content />`',
      target: '≤ 1.2×',
      ratio,
      met: ratio <= 1.2,
      detail: `<ArticleBody components> ${fmtMs(median(times.components))} vs <Content /> ${fmtMs(median(times.content))}; rendering the pages ${of('components', 'renderMs')} vs ${of('content', 'renderMs')}, content sync and types ${of('components', 'syncMs')} vs ${of('content', 'syncMs')} (medians of ${cfg.runs} runs; components: ${fmtList(times.components, fmtMs)}; <Content />: ${fmtList(times.content, fmtMs)}); the unmeasured first sync (highlighting ${3 * n} blocks) took ${fmtMs(synced.ms)}`,
    };
  } finally {
    await server.stop();
    for (const site of Object.values(sites)) await site.dispose();
  }
}
