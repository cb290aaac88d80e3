import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { demoKeys } from '@content-read/mock-server';
import { configuredApiUrl, startMockContentApi } from '@content-read/mock-server/astro';
import { build } from 'astro';
import { type ServedSite, serveBuild } from './serve.ts';

/**
 * `npm run demo`: starts the built-in mock API (unless CONTENT_API_URL and CONTENT_API_KEY name
 * another), builds the playground on it, then serves the site, whose live route keeps reading
 * the same API. The mock takes edits over HTTP and tells the site's publish webhook of each, as a
 * CMS would: an edit shows on the live route at the next request. Runs until Ctrl-C.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const ownApi = await configuredApiUrl({ mode: 'production', envDir: root });
if (ownApi) console.log(`Reading the Content Read API at ${ownApi}`);
const mock = ownApi
  ? undefined
  : await startMockContentApi({ editable: true }, { info: (m) => console.log(m) });
// The publish webhook's secret: the server reads it from its environment at request time.
process.env.CONTENT_PUBLISH_SECRET ||= randomUUID();

const port = Number(process.env.PORT ?? 4321);
// The site's address (astro.config.ts `site`): the origin of the feeds', the sitemap's and the
// canonical links. The demo's own, unless PLAYGROUND_SITE names another.
if (port > 0) process.env.PLAYGROUND_SITE ||= `http://127.0.0.1:${port}/`;

await build({ root, logLevel: 'warn' });

let site: ServedSite;
try {
  site = await serveBuild(`${root}dist`, { port });
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
  console.log(
    `Port ${port} is taken; using a free one (the feeds and the sitemap still name ${process.env.PLAYGROUND_SITE ?? 'PLAYGROUND_SITE'}).`,
  );
  site = await serveBuild(`${root}dist`, { port: 0 });
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\n  Content Read Playground, built and served in ${seconds} s:\n\n    ${site.url}\n`);
console.log(`  Live route: ${site.url}live/`);
console.log(`  Feeds: ${site.url}rss.xml, one per blog (/blogs/<blog>/rss.xml)`);
console.log(`  Sitemap: ${site.url}sitemap-index.xml`);
if (mock) {
  mock.mock.publishTo({
    url: `${site.url}_content-read/publish`,
    secret: process.env.CONTENT_PUBLISH_SECRET,
  });
  const origin = mock.baseUrl.replace(/\/api\/v1$/, '');
  console.log('\n  Publish to live: edit an article in the mock, then reload its live page:');
  console.log(
    `    curl -X PATCH ${origin}/__mock/articles/art_0002 -d '{"title":"Edited just now"}'`,
  );
  console.log(`    ${site.url}live/art_0002/`);
  console.log(`    ${site.url}search/  (search "edited": the proxy's cached listing, purged too)`);
  // The site reads with the first key; the others show what a key's scope changes.
  console.log(`\n  Mock Content Read API: ${mock.baseUrl}  (Authorization: Bearer <key>)`);
  for (const k of demoKeys) console.log(`    ${k.key.padEnd(26)} ${k.description}`);
}
console.log('\n  Ctrl-C to stop\n');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await site.close();
  await mock?.close();
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
