// `node test/bench/run.ts archive-read` (after `npm run build`): what the archive recipe's first
// request for an older article costs at full size. The archive fixture of the loader's tests
// (packages/astro-loader/test/fixtures/archive) is built against a mock server of
// BENCH_ARCHIVE_ARTICLES (default 250,000) articles in 4 blogs and served; then an old article is
// asked three times: cold (its blog's whole listing read through the live loader), from the
// route cache, and after a publish naming it. Prints each time, the upstream requests it made
// and the server's peak RSS.
import { readFile } from 'node:fs/promises';
import { AstroSite } from '../support/astro-site.js';
import { readConfig } from './config.js';
import { datasetOptions, KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { fmtMs } from './lib/stats.js';

export async function measureArchiveRead(log = console.log): Promise<void> {
  const total = readConfig([]).archiveArticles;
  const server = await ServerProcess.start({ dataset: datasetOptions(total) });
  const site = await AstroSite.copy(
    new URL('../../packages/astro-loader/test/fixtures/archive', import.meta.url),
  );
  const secret = 'archive-read-publish-secret';
  try {
    const env = site.env({ baseUrl: server.baseUrl, apiKey: KEY });
    const built = await site.build(env);
    if (built.code !== 0) throw new Error(built.output);
    const running = await site.serve({ ...env, CONTENT_PUBLISH_SECRET: secret });
    try {
      // The oldest article (the first the API lists), at the URL the site gives it.
      type Item = { id: string; slug: string; blog_id: string };
      const list = async (path: string) =>
        ((await (await fetch(`${server.baseUrl}/${path}`, auth())).json()) as { data: Item[] })
          .data;
      const [old] = await list('articles?per_page=1');
      const blog = (await list('blogs')).find((b) => b.id === old?.blog_id);
      if (!old || !blog) throw new Error('the API lists no article or not its blog');
      const url = `${running.url}/${blog.slug}/${old.slug}/`;
      const timed = async (label: string) => {
        await server.reset();
        const started = performance.now();
        const response = await fetch(url);
        const html = await response.text();
        const ms = performance.now() - started;
        const { requests } = await server.stats();
        const from = /id="from">([^<]*)</.exec(html)?.[1];
        log(
          `${label}: ${response.status} from ${from} in ${fmtMs(ms)}, ${requests.length} upstream requests`,
        );
      };
      await timed(`cold (a blog of about ${Math.round(total / 4)} articles)`);
      await timed('again (route cache)');
      const published = await fetch(`${running.url}/_content-read/publish`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ articles: [old.id] }),
      });
      if (!published.ok) throw new Error(`publish: ${published.status}`);
      await timed('after a publish naming it');
      const status = await readFile(`/proc/${running.pid}/status`, 'utf8');
      log(`server peak RSS: ${/VmHWM:\s*(\d+)/.exec(status)?.[1]} kB`);
    } finally {
      await running.stop();
    }
  } finally {
    await server.stop();
    await site.dispose();
  }
}

function auth() {
  return { headers: { authorization: `Bearer ${KEY}` } };
}
