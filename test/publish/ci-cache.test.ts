/**
 * The CI cache recipe of packages/astro-loader/README.md ("Keeping the store between CI
 * builds"), step by step on a new site that installs our packed packages: Astro's cacheDir
 * outside node_modules; install, build, install again (deleting node_modules, as `npm ci`
 * does), build.
 * The second build's sync must be answered by 304s, as a CI run restoring the cache would be.
 */
import { access, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockServer, type MockServer, type RunningServer } from '@content-read/mock-server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AstroSite } from '../support/astro-site.js';
import { listenOnLoopback } from '../support/mock-server.js';
import { cleanEnv, createPackedSite, run } from './pack.js';

const KEY = 'demo-full-access-key';

// The recipe's astro.config.mjs, as the README gives it.
const ASTRO_CONFIG = `import { defineConfig } from 'astro/config';

export default defineConfig({
  cacheDir: './.astro-cache',
});
`;

const CONTENT_CONFIG = `import { defineCollection } from 'astro:content';
import { articlesLoader, blogsLoader } from '@content-read/astro-loader';

export const collections = {
  blogs: defineCollection({ loader: blogsLoader() }),
  articles: defineCollection({ loader: articlesLoader() }),
};
`;

const PAGE = `---
import { getCollection } from 'astro:content';
const articles = await getCollection('articles');
---
<p>{articles.length} articles</p>
`;

let root: string;
let site: string;
let mock: MockServer;
let api: RunningServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'content-read-ci-cache-'));
  site = join(root, 'site');
  mock = createMockServer();
  api = await listenOnLoopback(mock);
  await createPackedSite(site, join(root, 'tarballs'), {
    'astro.config.mjs': ASTRO_CONFIG,
    'src/content.config.ts': CONTENT_CONFIG,
    'src/pages/index.astro': PAGE,
  });
}, 300_000);

afterAll(async () => {
  await api?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const build = () =>
  AstroSite.at(site).mustBuild(cleanEnv({ CONTENT_API_URL: api.baseUrl, CONTENT_API_KEY: KEY }));

test('install, build, install again, build: the second sync is all 304s', async () => {
  mock.resetStats();
  await build();
  expect(mock.stats.requests).toBeGreaterThan(0);
  expect(mock.stats.notModified).toBe(0);
  // The store is in the cacheDir, outside what npm ci deletes.
  await access(join(site, '.astro-cache/data-store.json'));

  // Install again as `npm ci` does: node_modules deleted, then installed from the lock file.
  // (npm ci itself refuses this lock file: npm leaves the optional platform packages of the
  // tarballs' dependencies out of a lock written by `npm install` of local tarballs.)
  await rm(join(site, 'node_modules'), { recursive: true });
  await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    site,
  );
  expect(await readdir(join(site, 'node_modules'))).not.toContain('.astro');

  mock.resetStats();
  const { output } = await build();
  // One list request per collection, each answered 304 Not Modified.
  expect(mock.stats.requests).toBe(2);
  expect(mock.stats.notModified).toBe(2);
  expect(output).toMatch(
    /articles: synced 32 entries \(0 new, 0 updated, 0 removed, 32 unchanged\)/,
  );
}, 300_000);
