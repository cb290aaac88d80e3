import node from '@astrojs/node';
import { mockContentApi } from '@content-read/mock-server/astro';
import { defineConfig } from 'astro/config';

// Static site from the build-time loaders, plus one on-demand route (src/pages/live/) that reads
// the API at request time through the live loader; @astrojs/node serves that route.
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  server: { host: '127.0.0.1' },
  integrations: [mockContentApi()],
});
