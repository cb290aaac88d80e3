import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AstroSite, FIXTURE_SITE } from '@content-read/test-support/astro-site';
import { expect, it } from 'vitest';
import { createMockServer, GENERATED_KEYS, generateDataset } from '../../src/index.js';

// The "real" API is a second mock with its own dataset, so the pages show which one was read.
it('astro build --mode staging reads the API in envDir/.env.staging, not the mock', async () => {
  const key = Object.values(GENERATED_KEYS)[0] ?? '';
  const dataset = generateDataset({ articles: 3, seed: 7 });
  const real = await createMockServer({ dataset }).listen({ host: '127.0.0.1', port: 0 });
  // The same site twice, so that the build in each mode runs at once.
  const sites = await Promise.all([AstroSite.copy(FIXTURE_SITE), AstroSite.copy(FIXTURE_SITE)]);
  try {
    for (const site of sites) {
      await writeFile(
        join(site.root, 'astro.config.mjs'),
        `import { contentRead } from '@content-read/astro-loader';
import { mockContentApi } from '@content-read/mock-server/astro';
import { defineConfig } from 'astro/config';
export default defineConfig({
  cacheDir: './.cache',
  integrations: [mockContentApi(), contentRead({ refresh: true })],
  telemetry: false,
  vite: { envDir: 'env' },
});
`,
      );
      await mkdir(join(site.root, 'env'));
      await writeFile(
        join(site.root, 'env', '.env.staging'),
        `CONTENT_API_URL=${real.baseUrl}\nCONTENT_API_KEY=${key}\n`,
      );
    }
    const [staging, plain] = sites as [AstroSite, AstroSite];
    const [run, production] = await Promise.all([
      staging.build(staging.env(), ['--mode', 'staging']),
      plain.build(plain.env()),
    ]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(`Reading the Content Read API at ${real.baseUrl}`);
    expect(run.output).not.toContain('Mock Content Read API (built-in demo dataset)');
    const titles = dataset.articles.map((a) => a.title);
    expect(titles.some((title) => run.pages['index.html']?.includes(`>${title}</a>`))).toBe(true);
    // Without the mode, .env.staging is not Astro's: the mock serves the demo content.
    expect(production.code, production.output).toBe(0);
    expect(production.output).toContain('Mock Content Read API (built-in demo dataset)');
    expect(titles.some((title) => production.pages['index.html']?.includes(`>${title}</a>`))).toBe(
      false,
    );
  } finally {
    for (const site of sites) await site.dispose();
    await real.close();
  }
}, 240_000);
