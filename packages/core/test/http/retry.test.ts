import { HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { parseRetryAfter } from '../../src/http/status-errors.js';
import {
  AuthenticationError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  RequestError,
  type RetryEvent,
  ServerError,
} from '../../src/index.js';
import { BASE, blog, caught, fastRetry, mswClient, mswServer } from '../helpers.js';

const server = mswServer();

function errorBody(status: number, code: string) {
  return HttpResponse.json({ error: { status, code, message: `failed with ${code}` } }, { status });
}

/** Fails `failures` times with `fail()`, then answers one blog. Counts calls. */
function flaky(failures: number, fail: () => Response) {
  const state = { calls: 0 };
  server.use(
    http.get(`${BASE}/blogs`, () => {
      state.calls++;
      return state.calls <= failures ? fail() : HttpResponse.json([blog('b1')]);
    }),
  );
  return state;
}

/** Fails every call with `fail()`: what listBlogs ends in after `retries` instant retries. */
async function alwaysFailing(fail: () => Response, retries: number) {
  const state = flaky(Number.POSITIVE_INFINITY, fail);
  const error = await caught(() => mswClient({ retry: { ...fastRetry, retries } }).listBlogs());
  return { error, calls: state.calls };
}

/**
 * The delays the client announces (onRetry) for one failed answer with these headers; the wait
 * itself is aborted at once. maxRetryAfter 50 s lets long Retry-After values through.
 */
async function announcedDelays(headers: Record<string, string>, status: number, code: string) {
  const state = flaky(1, () => HttpResponse.json({ error: { status, code } }, { status, headers }));
  const delays: number[] = [];
  const controller = new AbortController();
  const pending = mswClient({
    retry: { minTimeout: 1, maxTimeout: 1, maxRetryAfter: 50_000 },
    onRetry: (e) => {
      delays.push(e.delayMs);
      controller.abort(new Error('stop waiting'));
    },
  }).listBlogs({ signal: controller.signal });
  await expect(pending).rejects.toThrow('stop waiting');
  return { calls: state.calls, delays };
}

describe('retried', () => {
  test.each([408, 429, 500, 502, 503, 504])('%i is retried, then succeeds', async (status) => {
    const state = flaky(2, () => errorBody(status, 'x'));
    const events: RetryEvent[] = [];
    const blogs = await mswClient({ onRetry: (e) => events.push(e) }).listBlogs();
    expect(blogs).toHaveLength(1);
    expect(state.calls).toBe(3);
    expect(events.map((e) => [e.attempt, e.retriesLeft])).toEqual([
      [1, 3],
      [2, 2],
    ]);
    expect(events[0]?.path).toBe('/api/v1/blogs?per_page=100&page=1');
    expect(events[0]?.reason).toContain(String(status));
  });

  test('network errors are retried', async () => {
    const state = flaky(1, () => HttpResponse.error());
    expect(await mswClient().listBlogs()).toHaveLength(1);
    expect(state.calls).toBe(2);
  });

  test('a JSON body cut short is a broken transfer: retried, then succeeds', async () => {
    const truncated = () =>
      new HttpResponse('[{"id":"b1","slug":"b', {
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
    const state = flaky(1, truncated);
    expect(await mswClient().listBlogs()).toHaveLength(1);
    expect(state.calls).toBe(2);
    const { error, calls } = await alwaysFailing(truncated, 1);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toContain('incomplete or corrupted JSON');
    expect(calls).toBe(2);
  });

  test('retries are bounded and the last error surfaces with its class', async () => {
    const { error, calls } = await alwaysFailing(() => errorBody(503, 'unavailable'), 2);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).code).toBe('unavailable');
    expect(calls).toBe(3);
  });

  test('retries: 0 disables retrying', async () => {
    const state = flaky(99, () => errorBody(500, 'internal'));
    await expect(mswClient({ retry: { retries: 0 } }).listBlogs()).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(state.calls).toBe(1);
  });
});

describe('never retried', () => {
  test.each([
    [400, 'invalid_parameter', RequestError],
    [401, 'invalid_token', AuthenticationError],
    [403, 'forbidden', AuthenticationError],
    [404, 'not_found', NotFoundError],
    [405, 'method_not_allowed', RequestError],
  ])('%i %s fails at once as %o', async (status, code, type) => {
    const state = flaky(99, () => errorBody(status, code));
    const error = await caught(() => mswClient().listBlogs());
    expect(error).toBeInstanceOf(type);
    expect(error).toMatchObject({ status, code, path: '/api/v1/blogs?per_page=100&page=1' });
    expect((error as Error).message).toContain(`failed with ${code}`);
    expect(state.calls).toBe(1);
  });
});

describe('Retry-After', () => {
  test('parses seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  test('a Retry-After within the cap is honoured as the delay', async () => {
    const state = flaky(1, () =>
      HttpResponse.json(
        { error: { status: 429, code: 'rate_limited', message: 'slow down' } },
        { status: 429, headers: { 'retry-after': '0' } },
      ),
    );
    const events: RetryEvent[] = [];
    await mswClient({ onRetry: (e) => events.push(e) }).listBlogs();
    expect(state.calls).toBe(2);
    expect(events).toHaveLength(1);

    // maxRetryAfter 50s would allow it; the event reports the delay it will wait (>= ~39s)
    const dated = await announcedDelays(
      { 'retry-after': new Date(Date.now() + 40_000).toUTCString() },
      503,
      'unavailable',
    );
    expect(dated.calls).toBe(1);
    expect(dated.delays[0]).toBeGreaterThan(30_000);
  });

  test('a Retry-After in seconds sets the delay (waiting is aborted here)', async () => {
    const state = await announcedDelays({ 'retry-after': '45' }, 429, 'rate_limited');
    expect(state.calls).toBe(1);
    expect(state.delays).toEqual([45_000]);
  });

  test('a Retry-After beyond maxRetryAfter surfaces at once with retryAfterMs', async () => {
    const state = flaky(99, () =>
      HttpResponse.json(
        { error: { status: 429, code: 'rate_limited', message: 'slow down' } },
        { status: 429, headers: { 'retry-after': '120' } },
      ),
    );
    const error = await caught(() =>
      mswClient({ retry: { minTimeout: 1, maxRetryAfter: 60_000 } }).listBlogs(),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(120_000);
    expect((error as RateLimitError).hint).toContain('120 s');
    expect(state.calls).toBe(1);
  });
});

describe('abort', () => {
  test('an aborted signal stops before any request', async () => {
    const state = flaky(0, () => errorBody(500, 'x'));
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(mswClient().listBlogs({ signal: controller.signal })).rejects.toThrow('cancelled');
    expect(state.calls).toBe(0);
  });

  test('aborting during backoff stops retrying promptly', async () => {
    const state = flaky(99, () => errorBody(503, 'unavailable'));
    const controller = new AbortController();
    const pending = mswClient({
      retry: { retries: 10, minTimeout: 60_000, maxTimeout: 60_000 },
      onRetry: () => controller.abort(new Error('stop')),
    }).listBlogs({ signal: controller.signal });
    await expect(pending).rejects.toThrow('stop');
    expect(state.calls).toBe(1);
  });

  test('aborting while a response is pending rejects with the abort reason', async () => {
    server.use(http.get(`${BASE}/blogs`, () => new Promise<Response>(() => {})));
    const controller = new AbortController();
    const pending = mswClient().listBlogs({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user gave up')), 5);
    await expect(pending).rejects.toThrow('user gave up');
  });
});

test('with an injected fetch the client still enforces the headers timeout itself', async () => {
  let calls = 0;
  server.use(
    http.get(`${BASE}/blogs`, () => {
      calls++;
      return new Promise<Response>(() => {});
    }),
  );
  const error = (await caught(() =>
    mswClient({
      timeouts: { connect: 5, headers: 10 },
      retry: { retries: 1, minTimeout: 1 },
    }).listBlogs(),
  )) as NetworkError;
  expect(error).toBeInstanceOf(NetworkError);
  expect(error.timeout).toBe(true);
  expect(error.message).toContain('Timed out waiting for the response headers (15 ms)');
  expect(calls).toBe(2);
});

describe('authentication hints', () => {
  test('401 missing_token although a key was sent blames a proxy stripping Authorization', async () => {
    let sent: string | null = null;
    server.use(
      http.get(`${BASE}/blogs`, ({ request }) => {
        sent = request.headers.get('authorization');
        return errorBody(401, 'missing_token');
      }),
    );
    const error = (await caught(() => mswClient().listBlogs())) as AuthenticationError;
    expect(sent).toBe('Bearer test-key-123');
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.code).toBe('missing_token');
    expect(error.hint).toMatch(/proxy or CDN/);
    expect(error.hint).toMatch(/stripping the Authorization header/);
  });

  test('invalid_token says the key is unknown or revoked', async () => {
    flaky(99, () => errorBody(401, 'invalid_token'));
    const error = (await caught(() => mswClient().listBlogs())) as AuthenticationError;
    expect(error.hint).toMatch(/unknown or has been revoked/);
    expect(error.hint).not.toMatch(/proxy/);
  });

  test('an unfamiliar error body still gives status and a hint', async () => {
    flaky(99, () => new HttpResponse('nope', { status: 404 }));
    const error = (await caught(() => mswClient().listBlogs())) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBeUndefined();
    expect(error.hint).toContain('baseUrl');
  });

  test('404 for a blog filter talks about the blog and its visibility', async () => {
    server.use(http.get(`${BASE}/articles`, () => errorBody(404, 'not_found')));
    const error = (await caught(() =>
      mswClient().listArticles({ blog: 'secret' }),
    )) as NotFoundError;
    expect(error.path).toContain('blog=secret');
    expect(error.hint).toMatch(/not visible to this key/);
  });
});

test('NetworkError on connection failure says what to check', async () => {
  flaky(99, () => HttpResponse.error());
  const error = (await caught(() =>
    mswClient({ retry: { retries: 1, minTimeout: 1 } }).listBlogs(),
  )) as NetworkError;
  expect(error).toBeInstanceOf(NetworkError);
  expect(error.timeout).toBe(false);
  expect(error.hint).toContain('baseUrl');
});
