/**
 * The default path (no injected fetch): undici `Dispatcher.request` on real loopback sockets.
 * What transport.test.ts does not reach: a caller's abort mid-body, our own timers on an
 * injected dispatcher that has none, redirect bodies drained for reuse, decoding.
 */
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { Agent } from 'undici';
import { describe, expect, test } from 'vitest';
import { AuthenticationError, ResponseTooLargeError, ValidationError } from '../../src/index.js';
import {
  article,
  blog,
  caught,
  closedEarly,
  endlessBody,
  fastRetry,
  loopbackHarness,
  sendJson,
  timedOut,
} from '../helpers.js';

const { serve, client, closeAfter } = loopbackHarness();

describe('abort on real sockets', () => {
  test('aborting mid-body rejects with the reason and destroys the connection', async () => {
    const controller = new AbortController();
    let early: Promise<boolean> = Promise.resolve(false);
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100_000 });
      res.write('[', () => controller.abort(new Error('user gave up')));
      early = closedEarly(res);
    });
    const error = await caught(() =>
      client(server.baseUrl).listBlogs({ signal: controller.signal }),
    );
    expect((error as Error).message).toBe('user gave up');
    expect(await early).toBe(true);
    expect(server.requests).toHaveLength(1); // an abort is never retried
  });

  test('aborting while waiting for headers rejects with the reason', async () => {
    const controller = new AbortController();
    let early: Promise<boolean> = Promise.resolve(false);
    const server = await serve((_req, res) => {
      early = closedEarly(res);
      setImmediate(() => controller.abort(new Error('stop now')));
    });
    const error = await caught(() =>
      client(server.baseUrl).listBlogs({ signal: controller.signal }),
    );
    expect((error as Error).message).toBe('stop now');
    expect(await early).toBe(true);
  });
});

describe('an injected dispatcher without timeouts of its own', () => {
  function slowAgent() {
    const agent = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
    closeAfter(agent);
    return agent;
  }

  test('the client still times out waiting for headers', async () => {
    const server = await serve(() => {
      /* never answers */
    });
    const error = await timedOut(() =>
      client(server.baseUrl, {
        dispatcher: slowAgent(),
        // A loopback connect always comes well within 1 s, even on a loaded machine: only the
        // headers can time out.
        timeouts: { connect: 1000, headers: 30 },
        retry: { ...fastRetry, retries: 0 },
      }).listBlogs(),
    );
    expect(error.message).toContain('headers');
  });

  test('the client still times out a stalled body, and destroys it', async () => {
    let early: Promise<boolean> = Promise.resolve(false);
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
      res.write('[{"id":');
      early = closedEarly(res);
    });
    const error = await timedOut(() =>
      client(server.baseUrl, {
        dispatcher: slowAgent(),
        timeouts: { body: 30 },
        retry: { ...fastRetry, retries: 0 },
      }).listBlogs(),
    );
    expect(error.message).toContain('body');
    expect(await early).toBe(true);
  });
});

describe('bodies the client does not want', () => {
  test('a redirect with a small body is drained, so the next hop reuses the socket', async () => {
    const server = await serve((req, res) => {
      if (req.url?.startsWith('/api/v1/blogs')) {
        res.writeHead(301, { location: '/v2/api/v1/blogs', 'content-type': 'text/html' });
        // The rest of the body is still on its way when the client has the headers.
        res.write(`<html><body>${'moved '.repeat(200)}`);
        setTimeout(() => res.end('</body></html>'), 20);
      } else sendJson(res, 200, [blog('b1')]);
    });
    expect(await client(server.baseUrl, { concurrency: 1 }).listBlogs()).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
    expect(new Set(server.sockets).size).toBe(1);
  });

  test('a redirect whose body never ends is destroyed, and the redirect still followed', async () => {
    let early: Promise<boolean> = Promise.resolve(false);
    const server = await serve((req, res) => {
      if (req.url?.startsWith('/api/v1/blogs')) {
        res.writeHead(302, { location: '/v2/api/v1/blogs', 'content-type': 'text/html' });
        early = endlessBody(res, 'x'.repeat(16_384));
      } else sendJson(res, 200, [blog('b1')]);
    });
    expect(await client(server.baseUrl).listBlogs()).toHaveLength(1);
    expect(await early).toBe(true);
  });
});

describe('decoding', () => {
  test('a BOM is skipped and characters split across chunks decode exactly', async () => {
    const name = 'Blög – 日本語 🎉';
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify([blog('b1', { name })])),
    ]);
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
      // One byte at a time: every multi-byte character is split between chunks.
      let i = 0;
      const next = () => {
        if (i >= bytes.length) return void res.end();
        res.write(bytes.subarray(i, i + 1), () => setImmediate(next));
        i++;
      };
      next();
    });
    const [got] = await client(server.baseUrl).listBlogs();
    expect(got?.name).toBe(name);
  });
});

describe('compressed bodies (fetch negotiates them itself; request() asks and decodes)', () => {
  function sendGzip(res: ServerResponse, status: number, body: Buffer | string) {
    const bytes = gzipSync(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'content-length': bytes.length,
    });
    res.end(bytes);
  }

  test('a gzip body is asked for and decoded', async () => {
    const server = await serve((_req, res) => sendGzip(res, 200, JSON.stringify([blog('b1')])));
    expect(await client(server.baseUrl).listBlogs()).toHaveLength(1);
    expect(server.requests[0]?.headers['accept-encoding']).toMatch(/\bgzip\b/);
  });

  test('a gzip error body is decoded, so the error reads its code', async () => {
    const server = await serve((_req, res) =>
      sendGzip(res, 401, JSON.stringify({ error: { status: 401, code: 'invalid_token' } })),
    );
    const error = await caught(() => client(server.baseUrl).listBlogs());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).code).toBe('invalid_token');
  });

  test('maxResponseBytes counts decoded bytes: a compression bomb is cut off', async () => {
    // 8 MB of zeros gzip to about 8 KB, far below the cap; decoded they are far above it.
    const server = await serve((_req, res) => sendGzip(res, 200, Buffer.alloc(8 * 1024 * 1024)));
    const error = await caught(() =>
      client(server.baseUrl, { maxResponseBytes: 100_000 }).listBlogs(),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(server.requests).toHaveLength(1);
  });
});

test('a content coding the client did not ask for is a ValidationError, not retried', async () => {
  const server = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'toString' });
    res.end('[]');
  });
  const error = await caught(() => client(server.baseUrl).listBlogs());
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).message).toContain('content coding');
  expect(server.requests).toHaveLength(1);
});

describe('conditional requests on real sockets', () => {
  test('a 304 is answered from the held page and the socket is reused', async () => {
    const server = await serve((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
      sendJson(res, 200, [article('a1')], { etag: '"v1"' });
    });
    const c = client(server.baseUrl, { concurrency: 1 });
    const [first] = (await c.list('articles')).pages;
    const previous = first ? { [first.key]: { etag: '"v1"', ids: first.ids } } : {};
    const [again] = (await c.list('articles', { previous })).pages;
    expect(again?.notModified).toBe(true);
    expect(again?.ids).toEqual(['a1']);
    expect(new Set(server.sockets).size).toBe(1);
  });
});
