// U1: how soon a published edit shows on an on-demand page that Astro's route cache keeps for an
// hour. The live loaders' end-to-end site (packages/astro-loader/test/fixtures/live:
// @astrojs/node, memoryCache(), contentRead({ publish: true }), its /cached/ pages kept an hour),
// its live listing fresh for an hour, over the mock API; each sample edits one article, calls the
// publish webhook as a CMS would, and requests the article's page: the time from the call to the
// page showing the new title, and the upstream requests that took.
import { AstroSite } from '../support/astro-site.js';
import type { ListeningChild } from '../support/listening-child.js';
import type { BenchConfig } from './config.js';
import { datasetOptions, KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, median } from './lib/stats.js';

const SECRET = 'bench-publish-secret';
/** Samples taken (the run's figure is their median). */
const SAMPLES = 7;
const TARGET_MS = 1000;

const titleOf = (html: string) => /<h1 id="title">([^<]*)<\/h1>/.exec(html)?.[1] ?? '';

export async function runPublishBench(cfg: BenchConfig, log = console.log): Promise<BenchResult> {
  const n = cfg.articles;
  const server = await ServerProcess.start({ dataset: datasetOptions(n) });
  const site = await AstroSite.copy(
    new URL('../../packages/astro-loader/test/fixtures/live', import.meta.url),
  );
  let running: ListeningChild | undefined;
  try {
    await site.mustBuild(site.env());
    running = await site.serve({
      ...site.env({ baseUrl: server.baseUrl, apiKey: KEY }),
      CONTENT_PUBLISH_SECRET: SECRET,
      FIXTURE_LIVE_OPTIONS: JSON.stringify({ freshness: 3_600_000 }),
    });
    const { url } = running;
    const page = async (id: string) => {
      const res = await fetch(`${url}/cached/${id}/`);
      if (res.status !== 200) throw new Error(`U1: /cached/${id}/ answered ${res.status}`);
      return titleOf(await res.text());
    };
    // The live listing read once, as a server that has been up a while holds it.
    await (await fetch(`${url}/articles/none/`)).arrayBuffer();
    const latencies: number[] = [];
    const requests: number[] = [];
    for (let sample = 1; sample <= SAMPLES; sample++) {
      const [edit] = await server.mutate(1, sample);
      if (!edit) throw new Error('U1: the mock edited no article');
      // The page before the publish: rendered from the listing held (first sample) or kept by the
      // route cache (the others), it shows the old title.
      const before = await page(edit.id);
      if (before === edit.title)
        throw new Error(`U1: /cached/${edit.id}/ showed the edit before the publish`);
      await server.reset();
      const started = performance.now();
      const published = await fetch(`${url}/_content-read/publish`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
        body: JSON.stringify({ articles: [edit.id] }),
      });
      if (published.status !== 200)
        throw new Error(
          `U1: the publish call answered ${published.status}: ${await published.text()}`,
        );
      const after = await page(edit.id);
      latencies.push(performance.now() - started);
      if (after !== edit.title)
        throw new Error(
          `U1: after the publish /cached/${edit.id}/ showed "${after}", not "${edit.title}"`,
        );
      requests.push((await server.stats()).stats.requests);
    }
    const ms = median(latencies);
    const most = Math.max(...requests);
    const pages = Math.ceil(n / 100);
    log(
      `  U1: ${fmtList(latencies, (x) => `${Math.round(x)} ms`)}; upstream requests ${requests.join(', ')}`,
    );
    return {
      id: 'U1',
      what: `publish → the on-demand page shows it (route cache maxAge 1 h, live listing of ${n} articles in ${pages} pages fresh for 1 h)`,
      comparedWith: '— (the figure is the median time over 1 s)',
      target: '≤ 1 s, ≤ 1 upstream request per changed listing page',
      ratio: ms / TARGET_MS,
      met: ms <= TARGET_MS && most <= 1,
      detail: `publish call to the page showing the edit: median ${Math.round(ms)} ms (${SAMPLES} samples: ${fmtList(latencies, (x) => `${Math.round(x)} ms`)}); upstream requests per sample (one listing page changed each time): ${requests.join(', ')}`,
    };
  } finally {
    await running?.stop();
    await server.stop();
    await site.dispose();
  }
}
