/**
 * The CI recipes of the docs' guide "Testing your site in CI with the mock server"
 * (guides/testing-in-ci.md), run as a reader would run them.
 *
 * "Keep the content store between CI builds" and "With incremental builds", step by step on a
 * new site that installs our packed packages: the guide's astro.config.mjs (Astro's cacheDir
 * outside node_modules, incremental builds on) and the article page of the site the docs build
 * (doc-site.ts), with its cacheKey; install, build, install
 * again (deleting node_modules, as `npm ci` does, and dist, which a CI run starts without),
 * build. The second build's sync must be answered by 304s and every article page restored, as a
 * CI run restoring the cache the guide's deploy workflow saves would be.
 *
 * And the guide's GitHub Actions workflow (.github/workflows/site.yml), its mock server steps
 * run as written: the stop step stops the server the start step started.
 */
import { spawn } from 'node:child_process';
import { access, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createMockServer,
  type MockServer,
  type RunningServer,
  writeGeneratedDataset,
} from '@content-read/mock-server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AstroSite } from '../support/astro-site.js';
import { pagesOf } from '../support/build-log.js';
import { pageSamples, type Sample } from '../support/doc-samples.js';
import { docSite } from '../support/doc-site.js';
import { listenOnLoopback } from '../support/mock-server.js';
import { isAlive } from '../support/process-alive.js';
import { CONTENT_CONFIG, cleanEnv, copyOfPackedSite, run } from './pack.js';

const KEY = 'demo-full-access-key';

/** The guide whose recipes this test runs, as the docs site serves it. */
const GUIDE = 'guides/testing-in-ci.md';

/** The guide's sample of `file` (its `title="..."`), the one holding `holding` when given. */
function sampleOf(samples: Sample[], file: string, holding = ''): string {
  const found = samples.find((s) => s.file === file && s.code.includes(holding));
  if (!found) throw new Error(`${GUIDE} has no ${file} sample${holding ? ` with ${holding}` : ''}`);
  return found.code;
}

/** The cache recipe's astro.config.mjs with incremental builds on, as the guide gives it. */
const guideAstroConfig = (samples: Sample[]) =>
  sampleOf(samples, 'astro.config.mjs', 'incrementalBuild: true');

/**
 * The article page of the site the docs build (its cacheKey from the publishing guide, which the
 * CI guide points to), with the layout and components it imports.
 */
async function docsArticlePage(): Promise<Record<string, string>> {
  const { files } = await docSite();
  const page = 'src/pages/articles/[id].astro';
  const code = files[page] ?? '';
  if (!code.includes('cacheKey(')) throw new Error(`The docs' ${page} gives no cacheKey`);
  const imported = Object.keys(files).filter(
    (file) =>
      /^src\/(layouts|components)\//.test(file) && code.includes(file.split('/').pop() ?? ''),
  );
  return Object.fromEntries([page, ...imported].map((file) => [file, files[file] ?? '']));
}

/** The folder the guide's deploy workflow caches (its actions/cache step's `path`). */
function guideCachedPath(samples: Sample[]): string | undefined {
  const deploy = sampleOf(samples, '.github/workflows/deploy.yml', 'actions/cache');
  return /uses: actions\/cache@.*\n\s+with:\n\s+path: (.+)\n/.exec(deploy)?.[1];
}

const PAGE = `---
import { getCollection } from 'astro:content';
const articles = await getCollection('articles');
---
<p>{articles.length} articles</p>
`;

let samples: Sample[];
let root: string;
let site: string;
let mock: MockServer;
let api: RunningServer;
let recipePid: number | undefined;

beforeAll(async () => {
  samples = await pageSamples(GUIDE);
  root = await mkdtemp(join(tmpdir(), 'content-read-ci-cache-'));
  mock = createMockServer();
  api = await listenOnLoopback(mock);
  // The first install: the run's (see copyOfPackedSite()); the test installs again itself.
  site = await copyOfPackedSite({
    'astro.config.mjs': guideAstroConfig(samples),
    'src/content.config.ts': CONTENT_CONFIG,
    'src/pages/index.astro': PAGE,
    ...(await docsArticlePage()),
  });
}, 300_000);

afterAll(async () => {
  if (recipePid !== undefined && isAlive(recipePid)) process.kill(recipePid);
  await api?.close();
  if (site) await rm(site, { recursive: true, force: true });
  if (root) await rm(root, { recursive: true, force: true });
});

const build = () =>
  AstroSite.at(site).mustBuild(cleanEnv({ CONTENT_API_URL: api.baseUrl, CONTENT_API_KEY: KEY }));

/** The article pages a build rendered and those it restored from the incremental cache. */
const articlePagesOf = (output: string) => {
  const { rendered, reused } = pagesOf(output);
  const article = (path: string) => path.startsWith('articles/');
  return { rendered: rendered.filter(article), reused: reused.filter(article) };
};

test('install, build, install again, build: the second sync is all 304s, every article page restored', async () => {
  mock.resetStats();
  const first = articlePagesOf((await build()).output);
  expect(first).toMatchObject({ reused: [] });
  expect(first.rendered).toHaveLength(32);
  expect(mock.stats.requests).toBeGreaterThan(0);
  expect(mock.stats.notModified).toBe(0);
  // The store is in the cacheDir, outside what npm ci deletes, and the folder the guide's deploy
  // workflow caches is that one.
  await access(join(site, '.astro-cache/data-store.json'));
  const cached = guideCachedPath(samples);
  expect(cached).toBe('.astro-cache');
  await access(join(site, cached ?? '', 'data-store.json'));

  // Install again as `npm ci` does: node_modules deleted, then installed from the lock file.
  // (npm ci itself refuses this lock file: npm leaves the optional platform packages of the
  // tarballs' dependencies out of a lock written by `npm install` of local tarballs.)
  await rm(join(site, 'node_modules'), { recursive: true });
  await rm(join(site, 'dist'), { recursive: true });
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
  // dist was deleted, so every article page is restored from the cache, none found in place.
  expect(articlePagesOf(output)).toEqual({ rendered: [], reused: first.rendered });
  expect(output).not.toContain('(cached)');
}, 300_000);

test("the guide's CI workflow, its mock steps run as written, leaves no server running after the stop step", async () => {
  const workflow = sampleOf(samples, '.github/workflows/site.yml');
  const startStep = /name: Start the mock Content Read API\n\s+run: \|\n((?: {10}.+\n)+)/.exec(
    workflow,
  );
  const stopStep = /name: Stop the mock\n.*\n\s+run: (.+)\n/.exec(workflow);
  expect(startStep?.[1]).toBeDefined();
  expect(stopStep?.[1]).toBeDefined();
  const port = String(await freePort());
  const start = (startStep?.[1] ?? '').replaceAll('4010', port);
  await mkdir(join(site, 'test'), { recursive: true });
  await writeGeneratedDataset({ articles: 3 }, join(site, 'test/content.json'));
  const githubEnv = join(root, 'github-env');
  expect(await shell(start, { GITHUB_ENV: githubEnv })).toBe(0);
  recipePid = Number(/MOCK_PID=(\d+)/.exec(await readFile(githubEnv, 'utf8'))?.[1]);
  const discovery = `http://127.0.0.1:${port}/api/v1`;
  expect((await fetch(discovery)).status).toBe(200);

  expect(await shell(stopStep?.[1] ?? '', { MOCK_PID: String(recipePid) })).toBe(0);
  while (isAlive(recipePid)) await sleep(20);
  await expect(fetch(discovery)).rejects.toThrow();
}, 60_000);

/** Runs a CI step's script in the site, as a runner's bash does (-e: the first failure fails it). */
function shell(script: string, env: Record<string, string>): Promise<number | null> {
  // No pipes: a server the step leaves in the background must not hold the test's streams open.
  const child = spawn('bash', ['-e', '-c', script], {
    cwd: site,
    env: cleanEnv(env),
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.on('exit', resolve));
}

function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    }),
  );
}
