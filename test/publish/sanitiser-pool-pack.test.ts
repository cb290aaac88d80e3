/**
 * The sanitiser pool's thread loads from the installed package: the loader's and core's tarballs
 * (the run's `npm pack`), installed in a temp folder (Astro left out: the pool does not need it),
 * and render on the pool from there. A worker file missing from the tarball, or resolved against the wrong
 * folder, makes the pool fall back inline, which this test sees.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { run, runTarballs } from './pack.js';

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
  expect(loader?.files.map((f) => f.path)).toContain('dist/build/pool/body-thread.js');
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
  const pool = pathToFileURL(
    join(app, 'node_modules/@content-read/astro-loader/dist/build/pool/body-pool.js'),
  ).href;
  const script = `
    import { createSanitiser } from ${JSON.stringify(pool)};
    const warnings = [];
    const pool = createSanitiser({ workers: 2, inlineBelow: 0, warn: (m) => warnings.push(m) });
    const out = await Promise.all(Array.from({ length: 100 }, (_, i) => pool.render('<h2>T' + i + '</h2><script>x</script>')));
    await pool.close();
    console.log(JSON.stringify({ threaded: pool.threaded, last: out.at(-1).html, warnings }));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: app,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(child.stderr).toBe('');
  expect(JSON.parse(child.stdout)).toEqual({
    threaded: 100,
    last: '<h2 id="user-content-t99">T99</h2>',
    warnings: [],
  });
});
