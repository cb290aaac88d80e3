import { startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxySettings } from '../../../src/build-time/integration/options.js';
import { createProxyHandler } from '../../../src/server/proxy/handler.js';
import type {
  ClientContext,
  RateLimitOptions,
  SharedLimiter,
} from '../../../src/server/proxy/rate-limit.js';

const CANARY = 'canary-R4telimit-do-not-leak';

/**
 * Astro's context as the adapters give it: `clientAddress` is a getter that throws where the
 * adapter cannot tell (@astrojs/vercel without x-forwarded-for), and on @astrojs/node with
 * `security.allowedDomains` it is the leftmost X-Forwarded-For when the request has one.
 */
function astro(request: Request, socket: string | undefined, locals: object = {}) {
  const reads = { count: 0 };
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  const context: ClientContext = {
    clientAddress: () => {
      reads.count++;
      const address = forwarded || socket;
      if (!address) throw new Error('ClientAddressNotAvailable');
      return address;
    },
    locals,
  };
  return { context, reads };
}

describe('the proxy rate limit: who a client is', () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    server = await startMock();
    server.mock.addKey({ id: 'key_canary', team_id: 'team_web', key: CANARY });
  });
  afterAll(async () => server?.close());

  function proxy(rateLimit?: RateLimitOptions, shared?: SharedLimiter, adapter?: string) {
    const logged: string[] = [];
    const settings = proxySettings(
      { path: '/api/content', ...(rateLimit ? { rateLimit } : {}) },
      { routeCache: false, publish: false, ...(adapter ? { adapter } : {}) },
    );
    const handle = createProxyHandler(
      settings,
      async () => ({ baseUrl: server.baseUrl, apiKey: CANARY }),
      (line) => logged.push(line),
      shared,
    );
    /** The status of one request from `socket` with `headers` (and `locals`). */
    const status = async (
      socket?: string,
      headers: Record<string, string> = {},
      locals: object = {},
    ) => {
      const request = new Request('http://site.test/api/content/blogs', { headers });
      return (await handle(request, astro(request, socket, locals).context)).status;
    };
    return { handle, status, logged };
  }

  it('without a rate limit, the client address is never read (an adapter without one works)', async () => {
    const { handle } = proxy();
    const request = new Request('http://site.test/api/content/blogs');
    const { context, reads } = astro(request, undefined);
    expect((await handle(request, context)).status).toBe(200);
    expect(reads.count).toBe(0);
  });

  it('by default a client is its connection address; X-Forwarded-For neither escapes nor spends another budget', async () => {
    const { status } = proxy({ requests: 2 });
    expect(await status('10.0.0.9')).toBe(200);
    expect(await status('10.0.0.9')).toBe(200);
    expect(await status('10.0.0.9')).toBe(429);
    // The limited client names other addresses: Astro would report those, the proxy does not
    // believe them. They share the budget of requests without a trusted identity.
    expect(await status('10.0.0.9', { 'x-forwarded-for': '1.1.1.1' })).toBe(200);
    expect(await status('10.0.0.9', { 'x-forwarded-for': '2.2.2.2' })).toBe(200);
    expect(await status('10.0.0.9', { 'x-forwarded-for': '3.3.3.3' })).toBe(429);
    // Someone naming a victim's address spent nothing of the victim's budget.
    const victim = proxy({ requests: 1 });
    expect(await victim.status('10.0.0.1', { 'x-forwarded-for': '10.0.0.7' })).toBe(200);
    expect(await victim.status('10.0.0.7')).toBe(200);
  });

  it('on Vercel, whose platform writes X-Forwarded-For itself, visitors are told apart by default', async () => {
    const { status, logged } = proxy({ requests: 1 }, undefined, '@astrojs/vercel');
    expect(await status(undefined, { 'x-forwarded-for': '203.0.113.5' })).toBe(200);
    expect(await status(undefined, { 'x-forwarded-for': '203.0.113.5' })).toBe(429);
    expect(await status(undefined, { 'x-forwarded-for': '203.0.113.6' })).toBe(200);
    expect(logged).toEqual([]);
  });

  it('clientHeader: the header the site’s own proxy sets names the client (its last value)', async () => {
    const { status } = proxy({ requests: 1, clientHeader: 'cf-connecting-ip' });
    expect(await status('10.0.0.1', { 'cf-connecting-ip': '203.0.113.5' })).toBe(200);
    expect(await status('10.0.0.1', { 'cf-connecting-ip': '203.0.113.5' })).toBe(429);
    expect(await status('10.0.0.1', { 'cf-connecting-ip': '203.0.113.6' })).toBe(200);
    const appended = proxy({ requests: 1, clientHeader: 'x-forwarded-for' });
    expect(await appended.status('10.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.5' })).toBe(
      200,
    );
    expect(await appended.status('10.0.0.1', { 'x-forwarded-for': '7.7.7.7, 203.0.113.5' })).toBe(
      429,
    );
  });

  it("clientLocal: a field of Astro.locals the site's middleware computed from the request", async () => {
    const { status } = proxy({ requests: 1, clientLocal: 'visitor' });
    expect(await status('10.0.0.1', {}, { visitor: 'session-a' })).toBe(200);
    expect(await status('10.0.0.2', {}, { visitor: 'session-a' })).toBe(429);
    expect(await status('10.0.0.1', {}, { visitor: 'session-b' })).toBe(200);
  });

  it('requests with no identity share one budget and one log line: never a 500', async () => {
    const { status, logged } = proxy({ requests: 2 });
    expect(await status(undefined)).toBe(200);
    expect(await status(undefined)).toBe(200);
    expect(await status(undefined)).toBe(429);
    expect(logged).toEqual([
      '[content-read] proxy.rateLimit: a request came with no client identity (Astro gave no clientAddress, or took it from X-Forwarded-For); such requests share one budget. Set proxy.rateLimit.clientHeader to the header your host or proxy sets (see the proxy guide of the docs).',
    ]);
    const headerless = proxy({ requests: 1, clientHeader: 'x-real-ip' });
    expect(await headerless.status('10.0.0.1')).toBe(200);
    expect(await headerless.status('10.0.0.2')).toBe(429);
    expect(headerless.logged[0]).toContain('(no x-real-ip header)');
  });

  it('refuses a rate limit that cannot work, in one line naming the option', () => {
    const settings = (rateLimit: RateLimitOptions) => () =>
      proxySettings({ path: '/p', rateLimit });
    expect(settings({ requests: 0 })).toThrow(
      'contentRead(): proxy.rateLimit.requests must be a whole number ≥ 1 (got 0), or give a limiter.',
    );
    expect(settings({})).toThrow(
      'contentRead(): proxy.rateLimit.requests must be a whole number ≥ 1 (got undefined), or give a limiter.',
    );
    expect(settings({ requests: 5, limiter: './src/limiter.ts' })).toThrow(
      'contentRead(): proxy.rateLimit.requests and limiter limit two ways: keep one (the limiter counts in its own store).',
    );
    expect(settings({ limiter: ' ' })).toThrow(
      'contentRead(): proxy.rateLimit.limiter must name a module: a path from the project root, or a package.',
    );
    expect(settings({ requests: 1, clientHeader: 'cf connecting ip' })).toThrow(
      /^contentRead\(\): proxy\.rateLimit\.clientHeader must be a header name/,
    );
    expect(settings({ requests: 1, clientHeader: 'a', clientLocal: 'b' })).toThrow(
      'contentRead(): proxy.rateLimit.clientHeader and clientLocal name the client two ways: keep one.',
    );
    expect(settings({ requests: 1, windowSeconds: 0 })).toThrow(/windowSeconds must be/);
  });

  it("a shared limiter decides in place of this instance's windows, per client, with Retry-After", async () => {
    const asked: (string | undefined)[] = [];
    // A store every instance shares: here, one budget of 2 per client.
    const spent = new Map<string | undefined, number>();
    const shared: SharedLimiter = async (client, request) => {
      asked.push(client);
      expect(new URL(request.url).pathname).toBe('/api/content/blogs');
      spent.set(client, (spent.get(client) ?? 0) + 1);
      return (spent.get(client) ?? 0) <= 2;
    };
    const { handle, status, logged } = proxy(
      { limiter: 'shared-limiter', windowSeconds: 30, clientHeader: 'x-real-ip' },
      shared,
    );
    expect(await status('9.9.9.9', { 'x-real-ip': '10.0.0.1' })).toBe(200);
    expect(await status('9.9.9.9', { 'x-real-ip': '10.0.0.1' })).toBe(200);
    const request = new Request('http://site.test/api/content/blogs', {
      headers: { 'x-real-ip': '10.0.0.1' },
    });
    const refused = await handle(request, astro(request, '9.9.9.9').context);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await status('9.9.9.9', { 'x-real-ip': '10.0.0.2' })).toBe(200);
    expect(asked).toEqual(['10.0.0.1', '10.0.0.1', '10.0.0.1', '10.0.0.2']);
    expect(logged).toEqual([]);
  });

  it('a shared limiter that fails lets requests through, with one log line naming it', async () => {
    const failing: SharedLimiter = async () => {
      throw new Error('connect ECONNREFUSED 10.1.1.1:6379\n    at stack');
    };
    const { status, logged } = proxy({ limiter: './src/limiter.ts' }, failing);
    expect(await status('10.0.0.1')).toBe(200);
    expect(await status('10.0.0.1')).toBe(200);
    expect(logged).toEqual([
      '[content-read] proxy.rateLimit.limiter (./src/limiter.ts) failed: connect ECONNREFUSED 10.1.1.1:6379. Requests go through unlimited while it fails: check the limiter module and the store it calls.',
    ]);
  });
});
