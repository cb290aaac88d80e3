/**
 * The `content-read` bin as a user runs it (a child process on bin/content-read.js, which runs
 * dist/cli.js: `npm run build` first), with a canary key that must never appear in what it prints.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { type Running, startMock, startProxy } from '../doctor/support.js';
import { bin, runBin } from './run-bin.js';

// Each test starts Node processes: on a loaded machine that alone can take seconds. The tests
// are independent (processes of their own, a temp dir of their own), so they run at once.
vi.setConfig({ testTimeout: 60_000 });
const CANARY = 'canary-Zq8wX3-never-print-me';

let api: Running;
let stripping: Running;
beforeAll(async () => {
  api = await startMock();
  stripping = await startProxy(api.baseUrl, { stripAuthorization: true });
});
afterAll(async () => {
  await stripping.close();
  await api.close();
});

test.concurrent('package.json declares the committed bin entry, which checks the Node version, then runs the built CLI', async () => {
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
  expect(pkg.bin).toEqual({ 'content-read': './bin/content-read.js' });
  const entry = await readFile(bin, 'utf8');
  expect(entry.startsWith('#!/usr/bin/env node\n')).toBe(true);
  const check = entry.indexOf("checkNodeVersion('content-read')");
  expect(check).toBeGreaterThan(0);
  expect(entry.indexOf("await import('../dist/cli.js');")).toBeGreaterThan(check);
  expect(
    (await readFile(new URL('../../dist/cli.js', import.meta.url), 'utf8')).length,
  ).toBeGreaterThan(0);
});

test.concurrent('a healthy setup from the environment exits 0 with a checklist', async () => {
  const { code, out } = await runBin(['doctor'], {
    CONTENT_API_URL: api.baseUrl,
    CONTENT_API_KEY: 'demo-full-access-key',
  });
  expect(out).toMatch(/\[ok {2}\] Blogs +3 blogs, \d+ articles visible to this key/);
  expect(out).toContain('No problem found.');
  expect(out).toContain('key from CONTENT_API_KEY (not shown)');
  expect(out).not.toContain('demo-full-access-key');
  expect(code).toBe(0);
});

test.concurrent('reads .env files like the loaders: the mode, --env-dir and variable expansion', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'cr-doctor-env-'));
  try {
    const origin = new URL(api.baseUrl).origin;
    await mkdir(join(dir, 'env'));
    await writeFile(join(dir, 'env/.env'), `API_ORIGIN=${origin}\nCONTENT_API_KEY=${CANARY}\n`);
    await writeFile(
      join(dir, 'env/.env.staging'),
      `CONTENT_API_URL=$\{API_ORIGIN}/api/v1\nCONTENT_API_KEY=demo-full-access-key\n`,
    );
    const [staging, production] = await Promise.all([
      runBin(['doctor', '--mode', 'staging', '--env-dir', 'env'], {}, dir),
      runBin(['doctor', '--env-dir', 'env'], {}, dir),
    ]);
    expect(staging.out).toContain(`${api.baseUrl}, key from CONTENT_API_KEY (not shown)`);
    expect(staging.out).toContain('No problem found.');
    expect(staging.code).toBe(0);
    // production mode: no URL in .env.production or .env, so the doctor says what to set.
    expect(production.out).toMatch(/no API address given/);
    expect(production.out).not.toContain(CANARY);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.concurrent('a canary key, rejected or stripped, from env or flag, is never printed', async () => {
  const runs = await Promise.all([
    runBin(['doctor'], { CONTENT_API_URL: api.baseUrl, CONTENT_API_KEY: CANARY }),
    runBin(['doctor', '--url', stripping.baseUrl, '--key', CANARY]),
    runBin(['doctor', `--url=${api.baseUrl}?key=${CANARY}`, `--key=${CANARY}`]),
    runBin(['doctor', '--url', api.baseUrl, '--key', `${CANARY} `]),
    runBin(['doctor', `--kye=${CANARY}`]),
  ]);
  expect(runs.map((r) => r.code)).toEqual([1, 1, 1, 1, 2]);
  expect(runs[0]?.out).toContain('401 invalid_token');
  expect(runs[1]?.out).toContain('401 missing_token');
  expect(runs[2]?.out).toContain('baseUrl has a query or fragment');
  expect(runs[3]?.out).toContain('the key is malformed and was not sent');
  expect(runs[4]?.out).toContain('Unknown option --kye');
  for (const r of runs) expect(r.out).not.toContain(CANARY);
});

test.concurrent('--help explains the command and exits 0', async () => {
  const { code, out } = await runBin(['--help']);
  expect(out).toContain('Usage: content-read doctor [options]');
  expect(code).toBe(0);
});
