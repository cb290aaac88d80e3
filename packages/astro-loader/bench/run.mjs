// Cold and warm `astro sync` of N generated articles (~5 KB HTML each, as issue 6's B1): this
// loader against the mock server on loopback, and Astro's file() loader on the same entries (the
// body included as `html`), side by side in one invocation, alternating which goes first.
// Run from the repo root after `npm run build`:
//   npx node packages/astro-loader/bench/run.mjs [articles=10000] [runs=3]
// BENCH_PROFILE_DIR=dir also writes a --cpu-prof of each loader cold sync there.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMockServer, GENERATED_KEYS, generateDataset } from '@content-read/mock-server';
import { toEntryId } from '../dist/ids.js';
import { articleData, blogData } from '../dist/mapping.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '../../..');
const count = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 3);
const profileDir = process.env.BENCH_PROFILE_DIR;

async function site() {
  const root = await mkdtemp(join(tmpdir(), 'cr-bench-'));
  await cp(join(here, 'site'), root, { recursive: true });
  await symlink(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

async function clear(root) {
  await rm(join(root, '.cache'), { recursive: true, force: true });
  await rm(join(root, '.astro'), { recursive: true, force: true });
}

function sync(root, env, nodeArgs = []) {
  const started = performance.now();
  const astro = join(repo, 'node_modules/astro/bin/astro.mjs');
  const child = spawn(process.execPath, [...nodeArgs, astro, 'sync'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ASTRO_TELEMETRY_DISABLED: '1', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((done, fail) =>
    child.on('close', (code) => {
      if (code !== 0) fail(new Error(out));
      const line = out.split('\n').find((l) => l.includes('articles: synced')) ?? '';
      done({
        ms: Math.round(performance.now() - started),
        summary: line.replace(/^.*?articles: /, ''),
      });
    }),
  );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dataset = generateDataset({
  seed: 1,
  articles: count,
  blogs: 4,
  bodyBytes: 5000,
  privateFraction: 0,
});
const mock = createMockServer({ dataset });
const running = await mock.listen({ port: 0, host: '127.0.0.1' });
const apiSite = await site();
const fileSite = await site();
try {
  const env = { CONTENT_API_URL: running.baseUrl, CONTENT_API_KEY: GENERATED_KEYS.full };
  const visibleBlogs = new Set(
    dataset.blogs
      .filter((b) => b.public && b.workspace_id === dataset.blogs[0].workspace_id)
      .map((b) => b.id),
  );
  const articles = dataset.articles.filter((a) => visibleBlogs.has(a.blog_id) && a.public);
  await mkdir(join(fileSite, 'data'));
  const blogs = dataset.blogs.filter((b) => visibleBlogs.has(b.id));
  await writeFile(
    join(fileSite, 'data/blogs.json'),
    JSON.stringify(blogs.map((b) => ({ id: toEntryId(b.id), ...blogData(b) }))),
  );
  await writeFile(
    join(fileSite, 'data/articles.json'),
    JSON.stringify(articles.map((a) => ({ id: toEntryId(a.id), ...articleData(a), html: a.html }))),
  );
  const cold = [];
  const fileCold = [];
  const warm = [];
  let summary = '';
  for (let round = 1; round <= runs; round++) {
    const loader = async () => {
      await clear(apiSite);
      const args = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
      const r = await sync(apiSite, env, args);
      cold.push(r.ms);
      summary = r.summary;
    };
    const file = async () => {
      await clear(fileSite);
      fileCold.push((await sync(fileSite, { BENCH_MODE: 'file' })).ms);
    };
    for (const step of round % 2 ? [file, loader] : [loader, file]) await step();
    warm.push((await sync(apiSite, env)).ms);
    console.log(
      `round ${round}: file() cold ${fileCold.at(-1)} ms, loader cold ${cold.at(-1)} ms, warm ${warm.at(-1)} ms`,
    );
  }
  console.log(
    `${articles.length} visible articles (${count} generated), astro sync wall time, medians of ${runs}:`,
  );
  console.log(`content-read cold  ${median(cold)} ms  [${cold.join(', ')}]  ${summary}`);
  console.log(`file() cold        ${median(fileCold)} ms  [${fileCold.join(', ')}]`);
  console.log(`content-read warm  ${median(warm)} ms  [${warm.join(', ')}]`);
  console.log(`cold ratio (B1)    ${(median(cold) / median(fileCold)).toFixed(2)}x`);
} finally {
  await running.close();
  await rm(apiSite, { recursive: true, force: true });
  await rm(fileSite, { recursive: true, force: true });
}
