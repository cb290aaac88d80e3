import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearEnvContext, setEnvContext } from '../../src/build/config/env.js';
import { isLoopbackAddress, refreshWebhook } from '../../src/build/integration/refresh-webhook.js';
import { bearerMatches } from '../../src/server/http.js';

describe('bearerMatches (the publish and refresh webhooks)', () => {
  it('accepts exactly "Bearer <secret>"', async () => {
    expect(await bearerMatches('Bearer s3cret', 's3cret')).toBe(true);
    for (const header of [
      undefined,
      null,
      '',
      's3cret',
      'Bearer s3cre',
      'Bearer s3cret ',
      'bearer x',
    ])
      expect(await bearerMatches(header, 's3cret'), String(header)).toBe(false);
  });
});

describe('isLoopbackAddress (the only callers allowed without a secret)', () => {
  it('accepts this machine only', () => {
    for (const address of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of [
      undefined,
      '',
      '10.0.0.5',
      '::ffff:192.168.1.2',
      'fe80::1',
      '127.0.0.1.evil',
    ])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });
});

describe('the refresh webhook on a loopback server', () => {
  let server: Server | undefined;
  let envDir: string | undefined;
  const saved = process.env.CONTENT_REFRESH_SECRET;
  afterEach(async () => {
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    if (envDir) await rm(envDir, { recursive: true, force: true });
    clearEnvContext();
    if (saved === undefined) delete process.env.CONTENT_REFRESH_SECRET;
    else process.env.CONTENT_REFRESH_SECRET = saved;
  });

  /** Mounts the hook the way Vite's connect server does; counts the refreshes. */
  async function start(options = {}) {
    const refreshes: unknown[] = [];
    let handler: ((req: never, res: never, next: () => void) => void) | undefined;
    const setup = refreshWebhook(options);
    await setup({
      server: { middlewares: { use: (_path: string, h: typeof handler) => (handler = h) } },
      refreshContent: async (args: unknown) => void refreshes.push(args),
      logger: { info() {}, error() {} },
    } as never);
    server = createServer((req, res) =>
      handler?.(req as never, res as never, () => res.writeHead(404).end()),
    );
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const post = (headers: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', headers }).then((r) => r.status);
    return { refreshes, post, host: new URL(url).host };
  }

  it('without a secret, refuses requests that a web page sent (cross-site or other origin)', async () => {
    delete process.env.CONTENT_REFRESH_SECRET;
    envDir = await mkdtemp(join(tmpdir(), 'refresh-'));
    setEnvContext({ mode: 'development', envDir });
    const { refreshes, post, host } = await start();
    expect(await post({ 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await post({ 'sec-fetch-site': 'same-site' })).toBe(403);
    expect(await post({ origin: 'https://evil.example' })).toBe(403);
    expect(await post({ origin: 'null' })).toBe(403);
    expect(refreshes).toHaveLength(0);
    expect(await post()).toBe(200); // curl, a CMS script on this machine
    expect(await post({ 'sec-fetch-site': 'same-origin', origin: `http://${host}` })).toBe(200);
    expect(refreshes).toHaveLength(2);
  });

  it('reads CONTENT_REFRESH_SECRET from the .env file of the mode in envDir', async () => {
    delete process.env.CONTENT_REFRESH_SECRET;
    envDir = await mkdtemp(join(tmpdir(), 'refresh-'));
    await writeFile(join(envDir, '.env.staging'), 'CONTENT_REFRESH_SECRET=from-dotenv\n');
    setEnvContext({ mode: 'staging', envDir });
    const { refreshes, post } = await start();
    expect(await post()).toBe(401);
    expect(await post({ authorization: 'Bearer wrong' })).toBe(401);
    expect(await post({ authorization: 'Bearer from-dotenv' })).toBe(200);
    expect(refreshes).toHaveLength(1);
  });
});
