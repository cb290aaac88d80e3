import { readFile } from 'node:fs/promises';
import node from '@astrojs/node';
import sitemap from '@astrojs/sitemap';
import { contentRead } from '@content-read/astro-loader';
import { mockContentApi } from '@content-read/mock-server/astro';
import type { AstroIntegration } from 'astro';
import { defineConfig, memoryCache } from 'astro/config';
import pagefind from 'astro-pagefind';

// The site's public address: the feeds' links, the sitemap, canonical and Open Graph URLs are
// absolute on it. By default the address `npm run demo` serves on (scripts/demo.ts sets it to
// its PORT); PLAYGROUND_SITE names where you deploy it (e.g. https://blog.example/).
const site = process.env.PLAYGROUND_SITE ?? 'http://127.0.0.1:4321/';

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

// The sitemap's <lastmod> of an article page is the article's updatedAt, read from the page
// itself once built: its <meta property="article:modified_time"> (src/components/ArticleHead.astro),
// written from the same collection entry the page shows. So the sitemap holds what the pages
// hold, also for the pages an incremental build copied from the last build, with no second
// read of the API and no extra file in dist/. Pages without that meta get no <lastmod>.
let clientDir: URL | undefined;
const builtPages: AstroIntegration = {
  name: 'playground:built-pages',
  hooks: {
    'astro:config:done': ({ config }) => {
      clientDir = config.build.client;
    },
  },
};
const MODIFIED = /<meta property="article:modified_time" content="([^"]+)"/;
async function modifiedTime(url: string): Promise<Date | undefined> {
  if (!clientDir) return undefined;
  const path = new URL(url).pathname.replace(/^\//, '');
  try {
    const html = await readFile(new URL(`${path}index.html`, clientDir), 'utf8');
    const time = MODIFIED.exec(html)?.[1];
    return time ? new Date(time) : undefined;
  } catch {
    return undefined;
  }
}

export default defineConfig({
  ...(cacheDir ? { cacheDir } : {}),
  site,
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  server: { host: '127.0.0.1' },
  image: { domains: imageDomains },
  // The loader highlights the articles' code as this site's Markdown would, with this theme:
  // GitHub's current dark one, whose every token colour (comments too) reads at WCAG AA on its
  // background. (Shiki's default, github-dark, has comments at 3:1.)
  markdown: { shikiConfig: { theme: 'github-dark-default' } },
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
  // The sitemap (sitemap-index.xml → sitemap-0.xml) lists the prerendered pages; the live
  // route's pages, made on request, are not in it.
  integrations: [
    mockContentApi(),
    contentRead({ proxy: { path: '/api/content' }, publish: true }),
    pagefind(),
    builtPages,
    sitemap({
      async serialize(item) {
        const lastmod = await modifiedTime(item.url);
        return lastmod ? { ...item, lastmod: lastmod.toISOString() } : item;
      },
    }),
  ],
});
