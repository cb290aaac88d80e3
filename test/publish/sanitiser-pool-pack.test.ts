/**
 * The sanitiser pool's thread loads from the installed package: the loader's and core's tarballs
 * (the run's `npm pack`), installed in a temp folder, sync 150 articles through the public
 * `articlesLoader` there, outside Astro. A thread script missing from the tarball, or resolved
 * against the wrong folder, makes the pool warn and fall back inline, which this test sees.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { GENERATED_KEYS, generateDataset } from '@content-read/mock-server';
import { startMock } from '@content-read/test-support/mock-server';
import { afterAll, expect, test } from 'vitest';
import { repoRoot, run, runTarballs } from './pack.js';

const execFileAsync = promisify(execFile);
let root: string | undefined;

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

test('the installed loader sanitises on its worker threads', { timeout: 300_000 }, async () => {
  root = await mkdtemp(join(tmpdir(), 'content-read-pool-pack-'));
  const { dir: tarballs, packed } = await runTarballs();
  const files = packed.filter((f) => /@content-read\/(core|astro-loader)$/.test(f.name));
  expect(files).toHaveLength(2);
  const loader = files.find((f) => f.filename.includes('astro-loader'));
  expect(loader?.files.map((f) => f.path)).toContain('dist/body-thread.js');
  const app = join(root, 'app');
  await mkdir(app);
  await writeFile(
    join(app, 'package.json'),
    JSON.stringify({ name: 'app', private: true, type: 'module' }),
  );
  await run(
    'npm',
    [
      'install',
      '--legacy-peer-deps',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      ...files.map((f) => join(tarballs, f.filename)),
    ],
    app,
  );
  // The loader's entry imports astro/zod, a peer a site has: the workspace's Astro, linked.
  await symlink(join(repoRoot, 'node_modules/astro'), join(app, 'node_modules/astro'));
  // More bodies than the pool sanitises inline (512 KiB): 150 of ~5 KB.
  const api = await startMock({
    dataset: generateDataset({
      seed: 1,
      articles: 150,
      blogs: 2,
      bodyBytes: 5000,
      privateFraction: 0,
    }),
  });
  try {
    // Just enough of Astro's loader context for a sync (the loader runs outside Astro).
    const script = `
      import { articlesLoader } from '@content-read/astro-loader';
      const entries = new Map();
      const meta = new Map();
      const logged = [];
      const log = (level) => (message) => logged.push(level + ': ' + message);
      await articlesLoader({ baseUrl: ${JSON.stringify(api.baseUrl)}, apiKey: ${JSON.stringify(GENERATED_KEYS.full)}, sanitiseWorkers: 2 }).load({
        collection: 'articles',
        config: { root: new URL(${JSON.stringify(pathToFileURL(`${app}/`).href)}), vite: {} },
        store: {
          get: (id) => entries.get(id), has: (id) => entries.has(id), keys: () => [...entries.keys()],
          values: () => [...entries.values()], entries: () => [...entries.entries()],
          set: (entry) => (entries.set(entry.id, entry), true), delete: (id) => void entries.delete(id),
          clear: () => entries.clear(),
        },
        meta: { get: (k) => meta.get(k), set: (k, v) => void meta.set(k, v), has: (k) => meta.has(k), delete: (k) => void meta.delete(k) },
        logger: { info: log('info'), warn: log('warn'), error: log('error'), debug: () => {} },
        generateDigest: (data) => JSON.stringify(data).length.toString(36),
        parseData: async ({ data }) => data,
      });
      console.log(JSON.stringify({ synced: entries.size, headingIds: [...entries.values()].filter((e) => e.rendered.html.includes(' id="user-content-')).length, logged }));
    `;
    // Not spawnSync: the mock server answers from this process.
    const child = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: app,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(child.stderr).toBe('');
    const out = JSON.parse(child.stdout) as {
      synced: number;
      headingIds: number;
      logged: string[];
    };
    expect(out.synced).toBe(150);
    // Rendered as the loader renders: headings get their prefixed ids.
    expect(out.headingIds).toBeGreaterThan(100);
    expect(out.logged.filter((line) => !line.startsWith('info: '))).toEqual([]);
    // The first 512 KiB of bodies are sanitised inline while the threads start; the rest on them.
    const threaded = out.logged
      .map((line) =>
        /^info: articles: (\d+) article bodies sanitised on worker threads$/.exec(line),
      )
      .find(Boolean);
    expect(Number(threaded?.[1])).toBeGreaterThan(0);
  } finally {
    await api.close();
  }
});
