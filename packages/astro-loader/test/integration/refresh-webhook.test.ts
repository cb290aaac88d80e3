import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearEnvContext, setEnvContext } from '../../src/build-time/config/env.js';
import { REFRESH_ERRORS } from '../../src/build-time/integration/refresh-error-codes.js';
import {
  isLoopbackAddress,
  refreshHandler,
  refreshWebhook,
} from '../../src/build-time/integration/refresh-webhook.js';
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

  /** Serves a connect middleware on loopback, as Vite's server does; `next` answers 404. */
  async function listen(handler: (req: never, res: never, next: () => void) => unknown) {
    server = createServer((req, res) =>
      handler(req as never, res as never, () => res.writeHead(404).end()),
    );
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const send = (headers: Record<string, string> = {}, method = 'POST') =>
      fetch(url, { method, headers });
    return { send, host: new URL(url).host };
  }

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
    const { send, host } = await listen((req, res, next) => handler?.(req, res, next));
    const post = (headers: Record<string, string> = {}) => send(headers).then((r) => r.status);
    return { refreshes, post, send, host };
  }

  /** The answer's status, headers and body, checked against the shape every route answers. */
  async function expectError(response: Response, code: keyof typeof REFRESH_ERRORS) {
    expect(response.status).toBe(REFRESH_ERRORS[code]);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { error: { message: string } };
    expect(body).toEqual({
      error: { status: REFRESH_ERRORS[code], code, message: expect.any(String) },
    });
    expect(body.error.message).not.toContain('\n');
    return body.error.message;
  }

  it('without a secret, refuses requests that a web page sent (cross-site or other origin)', async () => {
    delete process.env.CONTENT_REFRESH_SECRET;
    envDir = await mkdtemp(join(tmpdir(), 'refresh-'));
    setEnvContext({ mode: 'development', envDir });
    const { refreshes, post, send, host } = await start();
    expect(await post({ 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await post({ 'sec-fetch-site': 'same-site' })).toBe(403);
    expect(await post({ origin: 'https://evil.example' })).toBe(403);
    expect(await post({ origin: 'null' })).toBe(403);
    const message = await expectError(await send({ origin: 'https://evil.example' }), 'forbidden');
    expect(message).toMatch(/a web page sent the request.*Set CONTENT_REFRESH_SECRET/);
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

  it('answers errors as the routes do, and never echoes the secret', async () => {
    const { send } = await start({ secret: 'top-secret' });
    const denied = await send({ authorization: 'Bearer wrong' });
    expect(denied.headers.get('www-authenticate')).toBe('Bearer');
    const message = await expectError(denied, 'unauthorized');
    expect(message).toContain('Authorization: Bearer <CONTENT_REFRESH_SECRET>');
    expect(message).not.toContain('top-secret');
  });

  it('answers a refresh with {"refreshed":true} that no cache keeps', async () => {
    const { send, refreshes } = await start({ secret: 'top-secret' });
    const done = await send({ authorization: 'Bearer top-secret' });
    expect(done.status).toBe(200);
    expect(done.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(done.headers.get('cache-control')).toBe('no-store');
    expect(await done.json()).toEqual({ refreshed: true });
    expect(refreshes).toEqual([
      { loaders: ['content-read-blogs', 'content-read-articles'], context: { webhook: true } },
    ]);
  });

  it('leaves methods other than POST to the next middleware', async () => {
    const { send, refreshes } = await start({ secret: 'top-secret' });
    expect((await send({}, 'GET')).status).toBe(404);
    expect(refreshes).toHaveLength(0);
  });

  it('answers refresh_failed with the cause in one line, the secret redacted', async () => {
    const errors: string[] = [];
    const { send } = await listen(
      refreshHandler({
        secret: Promise.resolve('top-secret'),
        refreshContent: async () => {
          throw new Error('the sync broke on Bearer top-secret\nat somewhere');
        },
        logger: { info() {}, error: (m: string) => void errors.push(m) },
      }),
    );
    const message = await expectError(
      await send({ authorization: 'Bearer top-secret' }),
      'refresh_failed',
    );
    expect(message).toMatch(/^The refresh failed: the sync broke on .*POST again/);
    expect(message).not.toContain('top-secret');
    expect(errors).toHaveLength(1);
  });

  it('answers refresh_unavailable without refreshContent, secret_unreadable when the secret cannot be read', async () => {
    const logger = { info() {}, error() {} };
    const unavailable = await listen(
      refreshHandler({ secret: Promise.resolve(undefined), refreshContent: undefined, logger }),
    );
    expect(await expectError(await unavailable.send(), 'refresh_unavailable')).toMatch(
      /restart astro dev/,
    );
    await new Promise((r) => server?.close(r));
    const secret = Promise.reject(new Error('Could not read the .env files in /site: EACCES'));
    secret.catch(() => undefined);
    const unreadable = await listen(refreshHandler({ secret, refreshContent: undefined, logger }));
    expect(await expectError(await unreadable.send(), 'secret_unreadable')).toMatch(
      /^Could not read CONTENT_REFRESH_SECRET: Could not read the \.env files in \/site: EACCES\. Fix/,
    );
  });
});
