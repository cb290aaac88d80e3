import node from '@astrojs/node';
import { contentRead } from '@content-read/astro-loader';
import { mockContentApi } from '@content-read/mock-server/astro';
import { defineConfig, memoryCache } from 'astro/config';

// Astro downloads and optimises feature images from these domains at build time (e.g.
// PLAYGROUND_IMAGE_DOMAINS=picsum.photos); by default none, so a build needs no network and
// <Image> keeps the API's URL with its width and height.
const imageDomains = (process.env.PLAYGROUND_IMAGE_DOMAINS ?? '').split(',').filter(Boolean);

// Static site from the build-time loaders, plus on-demand routes that @astrojs/node serves: the
// live route (src/pages/live/), reading the API at request time through the live loader, and
// contentRead()'s backend proxy at /api/content, which the search page calls from the browser.
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  server: { host: '127.0.0.1' },
  image: { domains: imageDomains },
  // Astro's route cache, used by the live route (src/pages/live/) with the loader's cacheHint.
  cache: { provider: memoryCache() },
  // Pages from getStaticPaths() carry a cacheKey() of what they show: a rebuild renders only
  // the pages whose content changed and copies the rest from the last build.
  experimental: { incrementalBuild: true },
  // The publish webhook (/_content-read/publish) clears the live route's cached pages when the
  // API's content changes: `npm run demo` has the mock call it on every edit.
  integrations: [mockContentApi(), contentRead({ proxy: { path: '/api/content' }, publish: true })],
});
