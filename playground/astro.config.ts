import node from '@astrojs/node';
import { contentRead } from '@content-read/astro-loader';
import { mockContentApi } from '@content-read/mock-server/astro';
import { defineConfig, memoryCache } from 'astro/config';
import pagefind from 'astro-pagefind';

// Images from these hosts go through Astro's image service (feature images by <Image>, article
// images by <ArticleBody>). By default the built-in mock's, which serves its images itself on
// 127.0.0.1: the demo needs no network. PLAYGROUND_IMAGE_DOMAINS names your API's image hosts.
const imageDomains = (process.env.PLAYGROUND_IMAGE_DOMAINS ?? '127.0.0.1')
  .split(',')
  .filter(Boolean);

// Static site from the build-time loaders, plus on-demand routes that @astrojs/node serves: the
// live route (src/pages/live/), reading the API at request time through the live loader, and
// contentRead()'s backend proxy at /api/content, which the search page calls from the browser.
// Where Astro keeps its caches (the incremental builds' among them); the tests give each build
// its own, so that builds running at once do not share one.
const cacheDir = process.env.PLAYGROUND_CACHE_DIR;

export default defineConfig({
  ...(cacheDir ? { cacheDir } : {}),
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  server: { host: '127.0.0.1' },
  image: { domains: imageDomains },
  // Astro's route cache: the live route (src/pages/live/) with the loader's cacheHint, and the
  // proxy's listing pages (which the search reads) under the same tags.
  cache: { provider: memoryCache() },
  // Pages from getStaticPaths() carry a cacheKey() of what they show: a rebuild renders only
  // the pages whose content changed and copies the rest from the last build.
  experimental: { incrementalBuild: true },
  // The publish webhook (/_content-read/publish) clears the live route's cached pages when the
  // API's content changes: `npm run demo` has the mock call it on every edit.
  // Pagefind indexes the built article pages (data-pagefind-body) into dist/client/pagefind/: the
  // search page queries that static index in the browser, and the proxy's lean listings for what
  // was published since the build (src/lib/search.ts).
  integrations: [
    mockContentApi(),
    contentRead({ proxy: { path: '/api/content' }, publish: true }),
    pagefind(),
  ],
});
