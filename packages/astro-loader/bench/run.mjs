// Cold and warm `astro sync` of N generated articles: this loader against the mock server,
// and Astro's file() loader on the same data. Run from the repo root after `npm run build`:
//   node packages/astro-loader/bench/run.mjs [articles=10000]
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMockServer, GENERATED_KEYS, generateDataset } from '@content-read/mock-server';
import { articleData, blogData } from '../dist/mapping.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '../../..');
const count = Number(process.argv[2] ?? 10_000);

async function site() {
  const root = await mkdtemp(join(tmpdir(), 'cr-bench-'));
  await cp(join(here, 'site'), root, { recursive: true });
  await symlink(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

function sync(root, env) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(repo, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
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
        wallMs: Math.round(performance.now() - started),
        summary: line.replace(/^.*?articles: /, ''),
      });
    }),
  );
}

const dataset = generateDataset({ seed: 1, articles: count, privateFraction: 0 });
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
  await writeFile(
    join(fileSite, 'data/blogs.json'),
    JSON.stringify(
      dataset.blogs
        .filter((b) => visibleBlogs.has(b.id))
        .map((b) => ({ id: b.id, ...blogData(b) })),
    ),
  );
  await writeFile(
    join(fileSite, 'data/articles.json'),
    JSON.stringify(articles.map((a) => ({ id: a.id, ...articleData(a) }))),
  );
  const rows = [
    ['content-read cold', await sync(apiSite, env)],
    ['content-read warm', await sync(apiSite, env)],
    ['file() cold', await sync(fileSite, { BENCH_MODE: 'file' })],
    ['file() warm', await sync(fileSite, { BENCH_MODE: 'file' })],
  ];
  console.log(`${articles.length} visible articles (${count} generated), astro sync wall time:`);
  for (const [name, r] of rows)
    console.log(`${name.padEnd(18)} ${String(r.wallMs).padStart(6)} ms  ${r.summary}`);
} finally {
  await running.close();
  await rm(apiSite, { recursive: true, force: true });
  await rm(fileSite, { recursive: true, force: true });
}
