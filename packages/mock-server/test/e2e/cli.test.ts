// The CLI as a child process (the repository's Node): start banner, request log, options, shutdown.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/index.js';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(pkg, 'dist', 'cli.js');

beforeAll(() => {
  // The bin runs from dist/: bring it up to date (incremental, quick when nothing changed).
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', pkg], { stdio: 'inherit' });
}, 60_000);

interface Cli {
  child: ChildProcess;
  output: () => string;
  baseUrl: string;
}

async function launch(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Cli> {
  const child = spawn(process.execPath, [cli, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + 45_000;
  while (!out.includes('Press Ctrl+C to stop.')) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`CLI did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return { child, output: () => out, baseUrl: /listening on (\S+)/.exec(out)?.[1] ?? '' };
}

async function run(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  // 'close', not 'exit': a process can exit before its last output has reached us.
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, out };
}

// Every case runs processes of its own on ports of their own, so the cases run at once.
describe.concurrent('content-read-mock CLI', () => {
  it('prints the base URL and demo keys, logs each request without the key, stops cleanly on SIGTERM and SIGINT', async () => {
    // One CLI per signal, at once.
    const stopped = (['SIGTERM', 'SIGINT'] as const).map(async (signal) => {
      const cli = await launch([]);
      expect(cli.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      expect(cli.output()).toContain('demo-full-access-key');
      expect(cli.output()).toContain('demo-other-workspace-key');
      const res = await fetch(`${cli.baseUrl}/articles?per_page=3`, {
        headers: { authorization: 'Bearer demo-two-blogs-key' },
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      await (
        await fetch(`${cli.baseUrl}/blogs`, {
          headers: { authorization: 'Bearer canary-secret-key' },
        })
      ).arrayBuffer();
      cli.child.kill(signal);
      const [code] = (await once(cli.child, 'close')) as [number | null];
      expect(code, signal).toBe(0);
      const log = cli.output();
      expect(log).toMatch(/GET \/api\/v1\/articles\?per_page=3 200 \d+\.\dms/);
      expect(log).toMatch(/GET \/api\/v1\/blogs 401 \d+\.\dms/);
      expect(log).not.toContain('canary-secret-key');
      expect(log).toContain('Stopped.');
    });
    await Promise.all(stopped);
  }, 60_000);

  it('--help lists the options; a bad option is a clear error with exit code 2', async () => {
    const [help, bad] = await Promise.all([run(['--help']), run(['--fault-500', '2'])]);
    expect(help.code).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--dataset',
      '--generate-articles',
      '--seed',
      '--body-bytes',
      '--fault-429',
      '--fault-reset',
      '--rate-limit',
    ]) {
      expect(help.out).toContain(flag);
    }
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('--fault-500 must be a number from 0 to 1, got "2"');
  }, 60_000);

  it('serves a generated dataset with faults and a rate limit', async () => {
    const cli = await launch([
      '--generate-articles',
      '50',
      '--seed',
      '5',
      '--fault-500',
      '1',
      '--fault-route',
      'blogs',
      '--rate-limit',
      '100',
      '--quiet',
    ]);
    try {
      const headers = { authorization: 'Bearer gen-full-access-key' };
      const articles = await fetch(`${cli.baseUrl}/articles`, { headers });
      expect(articles.status).toBe(200);
      expect(articles.headers.get('ratelimit-limit')).toBe('100');
      await articles.arrayBuffer();
      expect((await fetch(`${cli.baseUrl}/blogs`, { headers })).status).toBe(500);
    } finally {
      cli.child.kill('SIGTERM');
      await once(cli.child, 'exit');
    }
  }, 60_000);

  it('--write-dataset streams the same bytes as generateDataset; --dataset refuses a bad file with its path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-cli-'));
    const file = join(dir, 'out.json');
    const [written, bad] = await Promise.all([
      run([
        '--generate-articles',
        '200',
        '--seed',
        '8',
        '--body-bytes',
        '300',
        '--write-dataset',
        file,
      ]),
      run(['--dataset', join(dir, 'nope.json')]),
    ]);
    expect(written.code).toBe(0);
    const expected = JSON.stringify(generateDataset({ seed: 8, articles: 200, bodyBytes: 300 }));
    expect(await readFile(file, 'utf8')).toBe(expected);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('nope.json');
    expect(bad.out).toContain('cannot read the file');
  }, 60_000);

  it('--wait exits 0 once a server answers discovery, and 1 with the reason when none does in time', async () => {
    // The port is held, answering as no API does, while the first waiter runs: a port merely
    // found free could be taken meanwhile by a server of another test (and answer discovery).
    const holder = createServer((_, response) => response.writeHead(404).end('not here'));
    await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
    const port = (holder.address() as AddressInfo).port;
    const baseUrl = `http://127.0.0.1:${port}/api/v1`;

    const nobody = await run(['--wait', baseUrl, '--wait-timeout', '1']);
    await new Promise((done) => holder.close(done));
    expect(nobody.code).toBe(1);
    expect(nobody.out).toContain(
      `no Content Read API answered at ${baseUrl} within 1 s (last: HTTP 404, not a v1 discovery body)`,
    );

    // The waiter starts first, as in a CI script that backgrounds the server.
    const waiting = run(['--wait', baseUrl, '--wait-timeout', '60']);
    const server = await launch(['--port', String(port), '--quiet']);
    try {
      const ready = await waiting;
      expect(ready).toEqual({ code: 0, out: `Content Read API ready at ${baseUrl}\n` });
    } finally {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }

    const notAnApi = await run(['--wait', `${server.baseUrl}/nowhere`, '--wait-timeout', '0']);
    expect(notAnApi.code).toBe(1);
    expect((await run(['--wait', 'localhost:4010'])).out).toContain(
      "--wait needs the API's base URL",
    );
  }, 90_000);

  it('--editable --publish-to takes a PATCH and calls the site webhook with the secret from the environment, never printing it', async () => {
    const secret = 'canary-cli-publish-secret';
    const calls: { authorization?: string; body: string }[] = [];
    const site = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        calls.push({ authorization: req.headers.authorization, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    const hook = `http://127.0.0.1:${(site.address() as AddressInfo).port}/_content-read/publish`;
    const env = { ...process.env, CONTENT_PUBLISH_SECRET: secret };
    const cli = await launch(['--editable', '--publish-to', hook], env);
    try {
      expect(cli.output()).toContain(`Every edit is published to ${hook}`);
      const origin = new URL(cli.baseUrl).origin;
      const edit = await fetch(`${origin}/__mock/articles/art_0002`, {
        method: 'PATCH',
        body: JSON.stringify({ title: 'Edited from the CLI' }),
      });
      expect(edit.status).toBe(200);
      expect(((await edit.json()) as { title: string }).title).toBe('Edited from the CLI');
      for (let i = 0; i < 400 && !/publish .* 200/.test(cli.output()); i++)
        await new Promise((r) => setTimeout(r, 25));
      expect(calls).toEqual([
        { authorization: `Bearer ${secret}`, body: '{"articles":["art_0002"]}' },
      ]);
      expect(cli.output()).toContain(`publish {"articles":["art_0002"]} -> ${hook}: 200`);
      expect(cli.output()).not.toContain(secret);
    } finally {
      cli.child.kill('SIGTERM');
      await once(cli.child, 'exit');
      site.close();
    }
    const { CONTENT_PUBLISH_SECRET: _, ...noSecret } = env;
    const [withoutSecret, withoutEditable, notUrl] = await Promise.all([
      run(['--editable', '--publish-to', hook], noSecret),
      run(['--publish-to', hook], env),
      run(['--editable', '--publish-to', 'site:4321'], env),
    ]);
    expect(withoutSecret.code).toBe(2);
    expect(withoutSecret.out).toContain(
      "--publish-to needs the site's secret in the environment: set CONTENT_PUBLISH_SECRET",
    );
    expect(withoutEditable.code).toBe(2);
    expect(withoutEditable.out).toContain('--publish-to needs --editable');
    expect(notUrl.code).toBe(2);
    expect(notUrl.out).toContain("--publish-to needs the site's webhook URL");
  }, 60_000);
});
