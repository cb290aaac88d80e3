/** Real sockets: a node:http server on 127.0.0.1:0 per test, the client's own undici Agent. */
import type { ServerResponse } from 'node:http';
import { describe, expect, test } from 'vitest';
import {
  AuthenticationError,
  ConfigurationError,
  createClient,
  NetworkError,
  RequestError,
  ResponseTooLargeError,
  USER_AGENT,
} from '../../src/index.js';
import {
  article,
  blog,
  caught,
  endlessBody,
  fastRetry,
  KEY,
  loopbackHarness,
  sendJson,
  timedOut,
} from '../helpers.js';

const { serve, client } = loopbackHarness();

/** Articles paged `perPage` per page over `n` ids, full envelope. */
function pagedArticles(n: number, perPage: number, res: ServerResponse, url: URL) {
  const page = Number(url.searchParams.get('page') ?? '1');
  const all = Array.from({ length: n }, (_, i) => `a${i + 10}`);
  const data = all.slice((page - 1) * perPage, page * perPage).map((id) => article(id));
  sendJson(res, 200, {
    data,
    meta: { page, per_page: perPage, total: n, total_pages: Math.ceil(n / perPage) },
  });
}

describe('connection reuse and bounds', () => {
  test('sequential requests reuse one keep-alive socket', async () => {
    const server = await serve((req, res) =>
      pagedArticles(5, 1, res, new URL(req.url ?? '/', 'http://x')),
    );
    const c = client(server.baseUrl, { concurrency: 1, perPage: 1 });
    expect(await c.listArticles()).toHaveLength(5);
    expect(await c.listArticles()).toHaveLength(5);
    expect(server.requests).toHaveLength(10);
    expect(new Set(server.sockets).size).toBe(1);
  });

  test('concurrent pages use at most `concurrency` sockets', async () => {
    let inFlight = 0;
    let peak = 0;
    const server = await serve((req, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      setTimeout(() => {
        inFlight--;
        pagedArticles(12, 1, res, new URL(req.url ?? '/', 'http://x'));
      }, 5);
    });
    const c = client(server.baseUrl, { concurrency: 3, perPage: 1 });
    expect(await c.listArticles()).toHaveLength(12);
    expect(new Set(server.sockets).size).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(3);
  });

  test('after an error body is read the socket is reused', async () => {
    let n = 0;
    const server = await serve((_req, res) => {
      n++;
      if (n === 1) sendJson(res, 404, { error: { status: 404, code: 'not_found', message: 'no' } });
      else sendJson(res, 200, [blog('b1')]);
    });
    const c = client(server.baseUrl, { concurrency: 1 });
    await expect(c.listBlogs()).rejects.toThrow(/404/);
    expect(await c.listBlogs()).toHaveLength(1);
    expect(new Set(server.sockets).size).toBe(1);
  });

  test('close() ends the pool; later calls are a ConfigurationError', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, [blog('b1')]));
    const c = createClient({ baseUrl: server.baseUrl, apiKey: KEY });
    await c.listBlogs();
    const socket = server.sockets[0];
    const socketClosed = new Promise((resolve) => socket?.once('close', resolve));
    await c.close();
    await socketClosed; // hangs (and the test times out) if close() left the connection open
    await expect(c.listBlogs()).rejects.toBeInstanceOf(ConfigurationError);
  });
});

describe('request headers', () => {
  test('Authorization is exactly "Bearer <key>", User-Agent names package and version', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, [blog('b1')]));
    await client(server.baseUrl, { userAgent: 'my-site/2.0' }).listBlogs();
    const req = server.requests[0];
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req?.headers['user-agent']).toBe(`${USER_AGENT} my-site/2.0`);
    expect(req?.headers.accept).toBe('application/json');
  });

  test('discovery sends no Authorization', async () => {
    const server = await serve((_req, res) =>
      sendJson(res, 200, { name: 'Content Read API', version: 'v1', resources: [] }),
    );
    await client(server.baseUrl).discover();
    expect(server.requests[0]?.url).toBe('/api/v1');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe('timeouts and resets', () => {
  test('no response headers in time is a retried NetworkError with timeout: true', async () => {
    const server = await serve(() => {
      /* never answers */
    });
    const error = await timedOut(() =>
      client(server.baseUrl, {
        // A loopback connect always comes well within 1 s, even on a loaded machine: only the
        // headers can time out.
        timeouts: { connect: 1000, headers: 30 },
        retry: { ...fastRetry, retries: 1 },
      }).listBlogs(),
    );
    expect(error.hint).toContain('timeouts');
    expect(server.requests).toHaveLength(2);
  });

  test('a body that stalls is a NetworkError with timeout: true', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
      res.write('[{"id":');
    });
    await timedOut(() =>
      client(server.baseUrl, {
        timeouts: { body: 30 },
        retry: { ...fastRetry, retries: 0 },
      }).listBlogs(),
    );
  });

  test('a connection reset mid-body is retried and then succeeds', async () => {
    let n = 0;
    const server = await serve((req, res) => {
      n++;
      if (n === 1) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 5000 });
        res.write('{"data":[', () => req.socket.destroy());
        return;
      }
      sendJson(res, 200, [blog('b1')]);
    });
    const c = client(server.baseUrl);
    expect(await c.listBlogs()).toHaveLength(1);
    expect(n).toBe(2);
  });

  test('a refused connection is a NetworkError that names the code', async () => {
    const server = await serve(() => {});
    const { baseUrl } = server;
    await server.close();
    const error = (await caught(() =>
      client(baseUrl, { retry: { ...fastRetry, retries: 0 } }).listBlogs(),
    )) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.timeout).toBe(false);
  });
});

describe('redirects', () => {
  test('same-origin redirects keep the key', async () => {
    const server = await serve((req, res) => {
      if (req.url?.startsWith('/api/v1/blogs')) {
        res.writeHead(308, { location: '/moved/api/v1/blogs' }).end();
      } else sendJson(res, 200, [blog('b1')]);
    });
    expect(await client(server.baseUrl).listBlogs()).toHaveLength(1);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${KEY}`,
      `Bearer ${KEY}`,
    ]);
  });

  test('a cross-origin redirect is followed without the key, and the 401 explains why', async () => {
    const other = await serve((_req, res) =>
      sendJson(res, 401, { error: { status: 401, code: 'missing_token', message: 'no token' } }),
    );
    const server = await serve((_req, res) => {
      res.writeHead(302, { location: `${other.origin}/api/v1/blogs` }).end();
    });
    // localhost vs 127.0.0.1 would also differ; here the ports differ.
    const error = (await caught(() => client(server.baseUrl).listBlogs())) as AuthenticationError;
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.hint).toMatch(/redirected to another origin/);
  });

  test('a cross-origin redirect to a public answer still works', async () => {
    const other = await serve((_req, res) => sendJson(res, 200, [blog('b1')]));
    const server = await serve((_req, res) => {
      res.writeHead(307, { location: `${other.origin}/api/v1/blogs` }).end();
    });
    expect(await client(server.baseUrl).listBlogs()).toHaveLength(1);
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
  });

  test('redirect loops stop at maxRedirects', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(302, { location: '/api/v1/blogs' }).end();
    });
    const error = await caught(() => client(server.baseUrl, { maxRedirects: 3 }).listBlogs());
    expect(error).toBeInstanceOf(RequestError);
    expect((error as Error).message).toContain('Too many redirects');
    expect(server.requests).toHaveLength(4);
  });
});

describe('response size cap', () => {
  test('a declared Content-Length above the cap fails without reading', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, [blog('b1'), blog('b2')]));
    const error = (await caught(() =>
      client(server.baseUrl, { maxResponseBytes: 100 }).listBlogs(),
    )) as ResponseTooLargeError;
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.limit).toBe(100);
    expect(error.hint).toContain('maxResponseBytes');
    expect(server.requests).toHaveLength(1); // not retried
  });

  // The list body repeats whole blogs: valid JSON as far as it goes, so only the cap stops it.
  test.each([
    [
      'an endless chunked body is cut off and its stream destroyed',
      'listBlogs',
      '[',
      `${JSON.stringify(blog('b'))},`.repeat(50),
    ],
    [
      'an endless discovery body is destroyed too (no listing to cancel it)',
      'discover',
      '{"name":"',
      'x'.repeat(16_384),
    ],
  ] as const)('%s', async (_name, call, opening, chunk) => {
    let closedEarly: Promise<boolean> = Promise.resolve(false);
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(opening);
      closedEarly = endlessBody(res, chunk);
    });
    const error = await caught(() => client(server.baseUrl, { maxResponseBytes: 50_000 })[call]());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(await closedEarly).toBe(true);
  });

  test('an oversized error body is destroyed, the error still reports the status', async () => {
    let closedEarly: Promise<boolean> = Promise.resolve(false);
    const server = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      closedEarly = endlessBody(res, 'x'.repeat(16_384));
    });
    const error = await caught(() => client(server.baseUrl).listBlogs());
    expect(error).toMatchObject({ status: 404 });
    expect(await closedEarly).toBe(true);
  });
});
