/**
 * `content-read doctor --links` as a user runs it (bin/content-read.js on the built packages:
 * `npm run build` first), against the real mock server: the links are found by the built
 * `@content-read/astro-loader/doctor`, resolved from the directory the doctor runs in.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataset } from '@content-read/mock-server';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startMock } from '../doctor/support.js';
import { runBin } from './run-bin.js';

// The repository's root: its node_modules hold the workspace's @content-read/astro-loader.
const repo = fileURLToPath(new URL('../../../../', import.meta.url));
vi.setConfig({ testTimeout: 60_000 });
const CANARY = 'canary-Lk4vP9-never-print-me';
const ENGINEERING = 'https://northwind.engineering.example.com';

let api: Awaited<ReturnType<typeof startMock>>;
let canaryApi: typeof api;
let empty: string;
beforeAll(async () => {
  [api, canaryApi] = await Promise.all([startMock(), startMock()]);
  // The canary is a working key there, so the whole check runs with it; a body links to a URL
  // that holds it, so even the listing of that link must leave it out.
  canaryApi.mock.addKey({ id: 'key_canary', team_id: 'team_web', key: CANARY });
  const news = defaultDataset().articles.find((a) => a.blog_id === 'blog_03' && a.public);
  if (!news) throw new Error('the demo dataset has no public northwind-news article');
  canaryApi.mock.updateArticle(news.id, {
    html: `${news.html}<p><a href="https://northwind.news.example.com/${CANARY}/">x</a></p>`,
  });
  empty = await mkdtemp(join(tmpdir(), 'cr-doctor-links-e2e-'));
});
afterAll(async () => {
  await Promise.all([api.close(), canaryApi.close()]);
  await rm(empty, { recursive: true, force: true });
});

function run(args: string[], key: string, cwd = repo, url = api.baseUrl) {
  return runBin(['doctor', '--url', url, ...args], { CONTENT_API_KEY: key }, cwd);
}

/** The Links check's lines of the report, without the column they are indented to. */
function linksLines(out: string): string[] {
  const lines = out.split('\n');
  const start = lines.findIndex(
    (line) => line.startsWith('  [FAIL] Links') || line.startsWith('  [ok  ] Links'),
  );
  const end = lines.indexOf('', start);
  const indent = lines[start + 1]?.search(/\S/) ?? 0;
  return [
    lines[start]?.replace(/ +/g, ' ').trim() ?? '',
    ...lines.slice(start + 1, end).map((line) => line.slice(indent)),
  ];
}

test.concurrent('the demo dataset: per article each link and why, a summary, exit 1', async () => {
  const { code, out } = await run(['--links', '--relative-to', 'blog'], 'demo-full-access-key');
  expect(linksLines(out)).toEqual([
    expect.stringMatching(/^\[FAIL\] Links 1 broken link in 1 of \d+ articles$/),
    expect.stringMatching(
      /^read as articlesLoader\(\{ articleUrl, relativeTo: "blog" \}\) reads them: \d+ articles of 3 blogs$/,
    ),
    'art_0007 (northwind-engineering/a-practical-guide-to-conditional-requests):',
    `  ${ENGINEERING}/how-we-cut-our-build-times-in-half/ (no article the key reads: not public, or not written)`,
    "Fix them in the CMS; with brokenLinks: 'unlink' the site keeps only their text, with 'fail' its build stops.",
  ]);
  expect(out).toMatch(/^1 problem found\.$/m);
  expect(code).toBe(1);
});

test.concurrent('--blogs: a link to a blog the site leaves out is out of scope', async () => {
  const args = ['--links', '--relative-to', 'blog', '--blogs', 'northwind-engineering'];
  const { code, out } = await run(args, 'demo-full-access-key');
  expect(linksLines(out).slice(2, 5)).toEqual([
    'art_0007 (northwind-engineering/a-practical-guide-to-conditional-requests):',
    "  https://northwind.design.example.com/designing-for-slow-networks/ (its blog is not among the loader's blogs)",
    `  ${ENGINEERING}/how-we-cut-our-build-times-in-half/ (no article the key reads: not public, or not written)`,
  ]);
  expect(linksLines(out)[0]).toMatch(/^\[FAIL\] Links 2 broken links in 1 of \d+ articles$/);
  expect(code).toBe(1);
});

test.concurrent('a key whose blogs hold no broken link: ok, exit 0', async () => {
  const { code, out } = await run(
    ['--links', '--blogs', 'northwind-design'],
    'demo-full-access-key',
  );
  expect(linksLines(out)[0]).toMatch(/^\[ok \] Links no broken link in \d+ articles$/);
  expect(code).toBe(0);
});

test.concurrent('a canary key that works is never printed, not even inside a listed link', async () => {
  const args = ['--links', '--relative-to', 'blog'];
  const { code, out } = await run(args, CANARY, repo, canaryApi.baseUrl);
  expect(out).toMatch(/\[FAIL\] Links +2 broken links in 2 of \d+ articles/);
  expect(out).toContain('(northwind-news/');
  expect(out).not.toContain(CANARY);
  expect(code).toBe(1);
});

test.concurrent('without @content-read/astro-loader where it runs: one line saying what to install', async () => {
  const { code, out } = await run(['--links'], 'demo-full-access-key', empty);
  expect(out).toMatch(
    /^ {2}\[FAIL\] Links +--links reads bodies as @content-read\/astro-loader does: install it in this project \(npm install @content-read\/astro-loader\), or run the doctor in your site's directory \(or point --env-dir at it\)\.$/m,
  );
  expect(code).toBe(1);
});
