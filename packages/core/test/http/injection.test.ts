/** Injected dispatcher / fetch, backoff shape, observers, schemas. */
import { Agent, type Dispatcher } from 'undici';
import { afterEach, describe, expect, test } from 'vitest';
import {
  articleSchema,
  blogSchema,
  createClient,
  errorBodySchema,
  listEnvelopeSchema,
  type RetryEvent,
  type RetryOptions,
  ServerError,
} from '../../src/index.js';
import { article, blog, caught, loopback, sendJson } from '../helpers.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function flakyServer(failures: number) {
  let n = 0;
  const server = await loopback((_req, res) => {
    n++;
    if (n <= failures) sendJson(res, 503, { error: { status: 503, code: 'unavailable' } });
    else sendJson(res, 200, [blog('b1')]);
  });
  closers.push(() => server.close());
  return server;
}

describe('injection', () => {
  test('an injected dispatcher is used and not closed by close()', async () => {
    const server = await flakyServer(0);
    let dispatched = 0;
    const agent = new Agent();
    closers.push(() => agent.close());
    const dispatcher = agent.compose((dispatch: Dispatcher['dispatch']) => (opts, handler) => {
      dispatched++;
      return dispatch(opts, handler);
    });
    const client = createClient({ baseUrl: server.baseUrl, apiKey: 'k', dispatcher });
    expect(await client.listBlogs()).toHaveLength(1);
    await client.close();
    expect(dispatched).toBe(1);
    expect(agent.closed).toBe(false);
  });

  test('an injected fetch receives GET, the headers and redirect: manual', async () => {
    const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
    const client = createClient({
      baseUrl: 'https://api.test/api/v1',
      apiKey: 'k',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init });
        return Response.json([blog('b1')]);
      },
    });
    await client.listBlogs();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.test/api/v1/blogs?per_page=100&page=1');
    expect(calls[0]?.init?.method).toBe('GET');
    expect(calls[0]?.init?.redirect).toBe('manual');
    expect(calls[0]?.init).not.toHaveProperty('dispatcher');
  });
});

describe('backoff', () => {
  /** The delays the client waits between `failures` 503s, with these retry options. */
  async function retryDelays(failures: number, retry: RetryOptions): Promise<number[]> {
    const server = await flakyServer(failures);
    const events: RetryEvent[] = [];
    const client = createClient({
      baseUrl: server.baseUrl,
      apiKey: 'k',
      retry,
      onRetry: (e) => events.push(e),
    });
    closers.push(() => client.close());
    await client.listBlogs();
    return events.map((e) => e.delayMs);
  }

  test('delays grow exponentially without jitter', async () => {
    expect(await retryDelays(3, { minTimeout: 2, factor: 2, randomize: false })).toEqual([2, 4, 8]);
  });

  test('jitter (the default) spreads delays', async () => {
    const delays = await retryDelays(8, { retries: 8, minTimeout: 10, factor: 1 });
    expect(delays.every((d) => d >= 10 && d <= 20)).toBe(true);
    expect(new Set(delays).size).toBeGreaterThan(1);
  });

  test('maxTimeout caps the delay', async () => {
    expect(await retryDelays(3, { minTimeout: 2, maxTimeout: 3, randomize: false })).toEqual([
      2, 3, 3,
    ]);
  });
});

describe('observers', () => {
  test('onResponse sees every response; a throwing observer breaks nothing', async () => {
    const server = await flakyServer(1);
    const statuses: number[] = [];
    const client = createClient({
      baseUrl: server.baseUrl,
      apiKey: 'k',
      retry: { minTimeout: 1, randomize: false },
      onResponse: (e) => {
        statuses.push(e.status);
        expect(e.path).toBe('/api/v1/blogs?per_page=100&page=1');
        expect(e.durationMs).toBeGreaterThanOrEqual(0);
        throw new Error('observer bug');
      },
      onRetry: () => {
        throw new Error('observer bug');
      },
    });
    closers.push(() => client.close());
    expect(await client.listBlogs()).toHaveLength(1);
    expect(statuses).toEqual([503, 200]);
  });

  test('errors carry status, code, path and hint, and serialise them', async () => {
    const server = await flakyServer(99);
    const client = createClient({ baseUrl: server.baseUrl, apiKey: 'k', retry: { retries: 0 } });
    closers.push(() => client.close());
    const error = (await caught(() => client.listBlogs())) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: 'ServerError',
      status: 503,
      code: 'unavailable',
      path: '/api/v1/blogs?per_page=100&page=1',
      hint: expect.stringContaining('Try again later'),
    });
    expect(String(error)).toContain('ServerError: GET answered 503 unavailable');
  });
});

describe('schemas', () => {
  test('keep unknown fields and can be extended', () => {
    const parsed = articleSchema.parse(article('a1', { custom: { x: 1 } }));
    expect(parsed).toHaveProperty('custom', { x: 1 });
    const extended = blogSchema.extend({ theme: blogSchema.shape.name });
    expect(extended.parse(blog('b1', { theme: 'dark' })).theme).toBe('dark');
    expect(() => extended.parse(blog('b1'))).toThrow();
  });

  test('the envelope and error body schemas read the documented shapes', () => {
    const envelope = listEnvelopeSchema(blogSchema).parse({
      data: [blog('b1')],
      meta: { page: 1, per_page: 100, total: 1, total_pages: 1 },
    });
    expect(envelope.data[0]?.id).toBe('b1');
    const body = errorBodySchema.parse({
      error: { status: 401, code: 'invalid_token', message: 'x' },
    });
    expect(body.error.code).toBe('invalid_token');
  });

  test('articles reject wrong types in nested fields', () => {
    expect(articleSchema.safeParse(article('a', { reading_time: 1.5 })).success).toBe(false);
    expect(articleSchema.safeParse(article('a', { authors: [{ name: 'x' }] })).success).toBe(false);
    expect(
      articleSchema.safeParse(
        article('a', { feature_image: { url: 'u', alt: null, width: null, height: null } }),
      ).success,
    ).toBe(true);
  });
});
