/** Shared test fixtures: wire-shaped items, an msw server, and tiny loopback servers. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  type ClientOptions,
  type ContentReadClient,
  createClient,
  NetworkError,
} from '../src/index.js';

export const KEY = 'test-key-123';
export const BASE = 'https://api.test/api/v1';

export function blog(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    slug: `blog-${id}`,
    name: `Blog ${id}`,
    description: null,
    url: null,
    language: 'en',
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-02T00:00:00Z',
    ...extra,
  };
}

export function article(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    blog_id: 'b1',
    slug: `article-${id}`,
    title: `Article ${id}`,
    excerpt: null,
    html: '<p>hi</p>',
    authors: [{ name: 'Ada', slug: 'ada' }],
    tags: [],
    feature_image: null,
    canonical_url: null,
    reading_time: 3,
    published_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-02T00:00:00Z',
    ...extra,
  };
}

/**
 * One msw server for the enclosing suite (a test file or a describe): listening for its tests,
 * any request it has no handler for an error, handlers reset after each test.
 */
export function mswServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export const fastRetry = { minTimeout: 1, maxTimeout: 2, randomize: false } as const;

/** Options that route through msw (global fetch) and keep retries instant. */
export function mswClient(extra: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl: BASE,
    apiKey: KEY,
    fetch: (input, init) => globalThis.fetch(input, init),
    retry: fastRetry,
    ...extra,
  });
}

export interface LoopbackServer {
  origin: string;
  baseUrl: string;
  server: Server;
  /** Sockets that served requests, in order (same object = same connection). */
  sockets: Socket[];
  requests: IncomingMessage[];
  close(): Promise<void>;
}

/** A node:http server on 127.0.0.1:0; `handler` answers every request. */
export async function loopback(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LoopbackServer> {
  const sockets: Socket[] = [];
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    sockets.push(req.socket);
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/api/v1`,
    server,
    sockets,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Runs `fn` and returns what it threw (fails the test if it did not throw). */
export async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** The NetworkError `fn` ends in, checked to be a timeout. */
export async function timedOut(fn: () => Promise<unknown>): Promise<NetworkError> {
  const error = await caught(fn);
  expect(error).toBeInstanceOf(NetworkError);
  expect((error as NetworkError).timeout).toBe(true);
  return error as NetworkError;
}

/**
 * Per-test loopback servers and clients for the real-socket suites: whatever `serve`, `client`
 * or `closeAfter` opened is closed after each test. `create` makes the clients: the Node entry's
 * createClient, or the web entry's.
 */
export function loopbackHarness(
  create: (options: ClientOptions) => ContentReadClient = createClient,
) {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const item of open.splice(0)) await item.close();
  });
  return {
    async serve(handler: Parameters<typeof loopback>[0]): Promise<LoopbackServer> {
      const server = await loopback(handler);
      open.push(server);
      return server;
    },
    client(baseUrl: string, extra: Partial<ClientOptions> = {}) {
      const c = create({ baseUrl, apiKey: KEY, retry: fastRetry, ...extra });
      open.push(c);
      return c;
    },
    closeAfter<T extends { close(): Promise<void> }>(item: T): T {
      open.push(item);
      return item;
    },
  };
}

/** Resolves true when the response was closed before the server finished it. */
export function closedEarly(res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => res.on('close', () => resolve(!res.writableFinished)));
}

/** A body that never ends: `chunk` again and again until the client hangs up; as closedEarly. */
export function endlessBody(res: ServerResponse, chunk: string): Promise<boolean> {
  const timer = setInterval(() => res.write(chunk), 1);
  res.on('close', () => clearInterval(timer));
  return closedEarly(res);
}
