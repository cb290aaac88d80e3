/**
 * The key never leaks. A recognisable canary key is pushed through every error path
 * against a hostile loopback server that echoes the Authorization header wherever it can;
 * no error (message, String, JSON, util.inspect with causes) and no event may contain it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type ClientOptions,
  ContentReadError,
  createClient,
  type ResponseEvent,
  type RetryEvent,
} from '../src/index.js';
import { blog, type LoopbackServer, loopback, sendJson } from './helpers.js';

const CANARY = 'CANARY-7f3a9c-SECRET-zz';

type Mode = (req: IncomingMessage, res: ServerResponse, echo: string) => void;
let mode: Mode = () => {};
let server: LoopbackServer;
let foreign: LoopbackServer;

beforeAll(async () => {
  server = await loopback((req, res) => mode(req, res, req.headers.authorization ?? ''));
  foreign = await loopback((req, res) =>
    sendJson(res, 401, {
      error: { code: 'missing_token', message: String(req.headers.authorization) },
    }),
  );
});
afterAll(async () => {
  await server.close();
  await foreign.close();
});

function errorEcho(status: number, echo: string, headers: Record<string, string> = {}): Mode {
  return (_req, res) =>
    sendJson(
      res,
      status,
      { error: { status, code: `bad ${echo}`, message: `You sent ${echo} (${echo.slice(7)})` } },
      { 'www-authenticate': `Bearer error="${echo}"`, ...headers },
    );
}

function assertClean(value: unknown) {
  const views = [
    String(value),
    JSON.stringify(value),
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
  ];
  if (value instanceof Error) views.push(value.message, value.stack ?? '');
  for (const view of views) expect(view).not.toContain(CANARY);
}

async function failWith(
  setMode: (echo: string) => Mode,
  extra: Partial<ClientOptions> = {},
  run = 'blogs',
) {
  const events: Array<RetryEvent | ResponseEvent> = [];
  mode = (req, res, echo) => setMode(echo)(req, res, echo);
  const client = createClient({
    baseUrl: server.baseUrl,
    apiKey: CANARY,
    retry: { retries: 2, minTimeout: 1, maxTimeout: 1, maxRetryAfter: 1000 },
    timeouts: { connect: 50, headers: 50, body: 50 },
    onRetry: (e) => events.push(e),
    onResponse: (e) => events.push(e),
    ...extra,
  });
  let error: unknown;
  try {
    if (run === 'articles') await client.list('articles', { perPage: 1 });
    else await client.listBlogs();
  } catch (e) {
    error = e;
  } finally {
    await client.close();
  }
  expect(error).toBeInstanceOf(ContentReadError);
  assertClean(error);
  assertClean(events);
  return { error: error as ContentReadError, events };
}

describe('the canary key never appears', () => {
  test.each([
    [401, 'AuthenticationError'],
    [403, 'AuthenticationError'],
    [404, 'NotFoundError'],
    [400, 'RequestError'],
    [405, 'RequestError'],
    [408, 'NetworkError'],
    [500, 'ServerError'],
    [503, 'ServerError'],
  ])('in a %i whose body, code and headers echo the key', async (status, name) => {
    const { error } = await failWith((echo) => errorEcho(status, echo));
    expect(error.name).toBe(name);
    expect(error.message).toContain('[REDACTED]');
  });

  test('in a 401 missing_token echoing the key', async () => {
    const { error } = await failWith(
      (echo) => (_req, res) =>
        sendJson(res, 401, { error: { code: 'missing_token', message: echo } }),
    );
    expect(error.hint).toMatch(/proxy or CDN/);
  });

  test('in a 429 with Retry-After beyond the cap, and in retry events', async () => {
    const { error } = await failWith((echo) => errorEcho(429, echo, { 'retry-after': '999' }));
    expect(error.name).toBe('RateLimitError');
    const retried = await failWith((echo) => errorEcho(429, echo, { 'retry-after': '0' }));
    expect(retried.events.some((e) => 'retriesLeft' in e)).toBe(true);
  });

  test('in a non-JSON 200 that echoes the key', async () => {
    const { error } = await failWith((echo) => (_req, res) => {
      res.writeHead(200, { 'content-type': `text/html; x=${echo.slice(7)}` });
      res.end(`<p>${echo}</p>`);
    });
    expect(error.name).toBe('ValidationError');
  });

  test('in a validation error whose item id and fields are the key', async () => {
    const { error } = await failWith(
      (echo) => (_req, res) =>
        sendJson(res, 200, [blog(echo.slice(7), { name: 5 }), { id: echo, [echo.slice(7)]: 1 }]),
    );
    expect(error.name).toBe('ValidationError');
  });

  test('in a body that is not a list', async () => {
    await failWith((echo) => (_req, res) => sendJson(res, 200, { error: echo }));
  });

  test('in a connection reset (with undici cause chain)', async () => {
    const { error } = await failWith(() => (req) => req.socket.destroy());
    expect(error.name).toBe('NetworkError');
    expect(error.cause).toBeInstanceOf(Error);
  });

  test('in header and body timeouts', async () => {
    const headers = await failWith(() => () => {});
    expect(headers.error.name).toBe('NetworkError');
    const body = await failWith(() => (_req, res) => {
      res.writeHead(200, { 'content-length': 100 });
      res.write('[');
    });
    expect(body.error.name).toBe('NetworkError');
  });

  test('in a refused connection', async () => {
    const gone = await loopback(() => {});
    await gone.close();
    const client = createClient({ baseUrl: gone.baseUrl, apiKey: CANARY, retry: { retries: 0 } });
    const error = await client.listBlogs().catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(ContentReadError);
    assertClean(error);
  });

  test('in a response over the size cap', async () => {
    const { error } = await failWith(() => (_req, res) => sendJson(res, 200, [blog('b1')]), {
      maxResponseBytes: 10,
    });
    expect(error.name).toBe('ResponseTooLargeError');
  });

  test('in redirect loops whose Location carries the key', async () => {
    const { error } = await failWith((echo) => (_req, res) => {
      res.writeHead(302, { location: `/api/v1/blogs?token=${echo.slice(7)}` }).end();
    });
    expect(error.message).toContain('Too many redirects');
  });

  test('in a cross-origin redirect (the foreign server never sees the key)', async () => {
    const { error } = await failWith(() => (_req, res) => {
      res.writeHead(307, { location: `${foreign.origin}/api/v1/blogs` }).end();
    });
    expect(foreign.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect(error.name).toBe('AuthenticationError');
  });

  test('in Link URLs carrying the key, a foreign Link, and a changed listing', async () => {
    const foreignLink = await failWith(
      (echo) => (_req, res) =>
        sendJson(
          res,
          200,
          { data: [] },
          { link: `<https://other.test/p?k=${echo.slice(7)}>; rel="next"` },
        ),
      {},
      'articles',
    );
    expect(foreignLink.error.name).toBe('ValidationError');
    const changed = await failWith(
      (echo) => (req, res) => {
        const page = new URL(req.url ?? '/', 'http://x').searchParams.get('page');
        sendJson(
          res,
          200,
          {
            data: [
              {
                ...blog('x'),
                id: 'a1',
                blog_id: 'b',
                title: 't',
                excerpt: null,
                html: '',
                authors: [],
                tags: [],
                feature_image: null,
                canonical_url: null,
                reading_time: 1,
                published_at: '2024-01-01T00:00:00Z',
                updated_at: '2024-01-01T00:00:00Z',
              },
            ],
            meta: { page: Number(page ?? 1), per_page: 1, total: 2, total_pages: 2 },
          },
          { link: `</api/v1/articles?k=${echo.slice(7)}>; rel="next"` },
        );
      },
      {},
      'articles',
    );
    expect(changed.error.name).toBe('ListingChangedError');
  });

  test('in configuration errors about the key or the URL', () => {
    for (const options of [
      { baseUrl: server.baseUrl, apiKey: `${CANARY} ` },
      { baseUrl: server.baseUrl, apiKey: `Bearer ${CANARY}` },
      { baseUrl: server.baseUrl, apiKey: `${CANARY}$` },
      { baseUrl: `http://u:${CANARY}@127.0.0.1/api/v1`, apiKey: 'k' },
      { baseUrl: `http://127.0.0.1/api/v1?key=${CANARY}`, apiKey: 'k' },
      { baseUrl: `http://127.0.0.1/${CANARY}`, apiKey: CANARY },
    ]) {
      let error: unknown;
      try {
        createClient(options);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ContentReadError);
      assertClean(error);
    }
  });

  test('in successful listings whose Link URLs carry the key (page keys are redacted)', async () => {
    mode = (req, res, echo) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.searchParams.has('k')) return sendJson(res, 200, { data: [blog('b2')] });
      sendJson(
        res,
        200,
        { data: [blog('b1')] },
        { link: `</api/v1/blogs?k=${echo.slice(7)}>; rel="next"` },
      );
    };
    const client = createClient({ baseUrl: server.baseUrl, apiKey: CANARY });
    const listing = await client.list('blogs');
    await client.close();
    expect(listing.ids).toEqual(['b1', 'b2']);
    assertClean(listing);
  });
});
