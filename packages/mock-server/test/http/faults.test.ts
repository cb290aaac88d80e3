// Fault injection: each kind happens, is counted in stats, and a seeded replay gives the same sequence.
import { describe, expect, it } from 'vitest';
import { createMockServer, type FaultConfig } from '../../src/index.js';
import { FULL, start } from '../support.js';

async function statuses(faults: FaultConfig, n: number, path = '/api/v1/blogs'): Promise<number[]> {
  const running = await start({ faults });
  try {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await running.get(path, { key: FULL })).status);
    return out;
  } finally {
    await running.close();
  }
}

describe('fault injection', () => {
  it('injects 429 (with Retry-After), 500 and 503 in about the configured fractions, and counts them', async () => {
    const running = await start({
      faults: {
        seed: 42,
        rateLimited: 0.2,
        serverError: 0.2,
        unavailable: 0.2,
        retryAfterSeconds: 7,
      },
    });
    try {
      const seen: Record<number, number> = {};
      for (let i = 0; i < 100; i++) {
        const res = await running.get('/api/v1/blogs', { key: FULL });
        seen[res.status] = (seen[res.status] ?? 0) + 1;
        if (res.status === 429 || res.status === 503)
          expect(res.headers.get('retry-after')).toBe('7');
        if (res.status >= 400) {
          const body = (await res.json()) as { error: { code: string } };
          expect(body.error.code).toBe(
            { 429: 'rate_limited', 500: 'internal', 503: 'unavailable' }[res.status],
          );
          expect(res.headers.get('access-control-allow-origin')).toBe('*');
        } else await res.arrayBuffer();
      }
      const { faults } = running.server.stats;
      expect(faults.rate_limited).toBe(seen[429]);
      expect(faults.internal).toBe(seen[500]);
      expect(faults.unavailable).toBe(seen[503]);
      for (const n of [seen[429], seen[500], seen[503]]) expect(n).toBeGreaterThan(5);
      expect(seen[200]).toBeGreaterThan(20);
    } finally {
      await running.close();
    }
  });

  it('the same seed replays the same sequence; another seed differs', async () => {
    const config = { seed: 'replay', rateLimited: 0.3, unavailable: 0.3 };
    const a = await statuses(config, 40);
    const b = await statuses(config, 40);
    const c = await statuses({ ...config, seed: 'other' }, 40);
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
  });

  it('per-route rules apply only to their route', async () => {
    const got = await statuses(
      { seed: 1, routes: { articles: { serverError: 1 } } },
      5,
      '/api/v1/blogs',
    );
    expect(got).toEqual([200, 200, 200, 200, 200]);
    expect(
      await statuses({ seed: 1, routes: { articles: { serverError: 1 } } }, 3, '/api/v1/articles'),
    ).toEqual([500, 500, 500]);
  });

  it('a reset cuts the connection mid-body: the client sees an error, stats count it', async () => {
    const running = await start({ faults: { reset: 1 } });
    try {
      await expect(
        running.get('/api/v1/articles', { key: FULL }).then((r) => r.text()),
      ).rejects.toThrow();
      expect(running.server.stats.faults.reset).toBe(1);
    } finally {
      await running.close();
    }
  });

  it('truncated JSON arrives complete by HTTP framing but does not parse', async () => {
    const running = await start({ faults: { truncate: 1 } });
    try {
      const res = await running.get('/api/v1/articles', { key: FULL });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text.length).toBeGreaterThan(0);
      expect(() => JSON.parse(text)).toThrow();
      expect(running.server.stats.faults.truncate).toBe(1);
    } finally {
      await running.close();
    }
  });

  it('a stall holds the body until stallMs; a client timeout gives up first', async () => {
    const running = await start({ faults: { stall: 1, stallMs: 60_000 } });
    try {
      const res = await running.get('/api/v1/articles', { key: FULL });
      expect(res.status).toBe(200);
      await expect(readWithin(res, 300)).rejects.toThrow('timed out');
      expect(running.server.stats.faults.stall).toBe(1);
    } finally {
      await running.close();
    }
  });

  it('a header stall delays the response headers; a short stall then completes normally', async () => {
    const running = await start({ faults: { stall: 1, stallAt: 'headers', stallMs: 50 } });
    try {
      const res = await running.get('/api/v1/blogs', { key: FULL });
      expect(((await res.json()) as { data: unknown[] }).data.length).toBe(3);
      expect(running.server.stats.faults.stall).toBe(1);
    } finally {
      await running.close();
    }
  });

  it('latency is added and counted; the handle() face applies the same faults', async () => {
    const running = await start({ faults: { latencyMs: 5, jitterMs: 5, serverError: 1 } });
    try {
      expect((await running.get('/api/v1/blogs', { key: FULL })).status).toBe(500);
      const res = await running.server.handle(
        new Request('http://x/api/v1/blogs', { headers: { authorization: `Bearer ${FULL}` } }),
      );
      expect(res.status).toBe(500);
      expect(running.server.stats.faults.latency).toBe(2);
      expect(running.server.stats.faults.internal).toBe(2);
      running.server.setFaults(undefined);
      expect((await running.get('/api/v1/blogs', { key: FULL })).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});

describe('fault injection through handle()', () => {
  it('reset errors the body stream, truncate cuts the JSON, a body stall waits', async () => {
    const request = () =>
      new Request('http://x/api/v1/articles', { headers: { authorization: `Bearer ${FULL}` } });
    const reset = createMockServer({ faults: { reset: 1 } });
    await expect((await reset.handle(request())).text()).rejects.toThrow(/reset/);
    const truncated = createMockServer({ faults: { truncate: 1 } });
    const cut = await truncated.handle(request());
    const text = await cut.text();
    expect(cut.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(() => JSON.parse(text)).toThrow();
    const stalled = createMockServer({ faults: { stall: 1, stallMs: 60_000 } });
    const abort = new AbortController();
    const res = await stalled.handle(new Request(request(), { signal: abort.signal }));
    await expect(readWithin(res, 200)).rejects.toThrow('timed out');
    abort.abort();
    expect([reset, truncated, stalled].map((m) => m.stats.faults)).toMatchObject([
      { reset: 1 },
      { truncate: 1 },
      { stall: 1 },
    ]);
  });
});

async function readWithin(res: Response, ms: number): Promise<string> {
  const reader = res.body?.getReader();
  if (reader === undefined) throw new Error('no body');
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('timed out')), ms),
  );
  let text = '';
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await Promise.race([reader.read(), timeout]);
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
}
