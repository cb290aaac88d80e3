import { describe, expect, it } from 'vitest';
import { ProxyCache, type UpstreamAnswer } from '../../../src/server/proxy/cache.js';

const page = (text: string, etag = `"${text}"`): UpstreamAnswer => ({
  status: 200,
  body: new TextEncoder().encode(text),
  etag,
});

describe('ProxyCache', () => {
  function cache(maxBytes = 1000) {
    let now = 0;
    const calls: (string | undefined)[] = [];
    const store = new ProxyCache({ freshness: 100, maxBytes }, () => now);
    return { store, calls, tick: (ms: number) => (now += ms) };
  }

  it('serves a fresh page from memory and revalidates a stale one, keeping it on 304', async () => {
    const { store, calls, tick } = cache();
    const fetcher = async (etag: string | undefined) => {
      calls.push(etag);
      // The API's ETag (the validator) is what a revalidation sends back.
      return etag ? { status: 304 } : { ...page('one'), validator: '"one"' };
    };
    expect((await store.get('k', fetcher)).body).toEqual(new TextEncoder().encode('one'));
    tick(99);
    await store.get('k', fetcher);
    expect(calls).toEqual([undefined]);
    tick(1);
    const revalidated = await store.get('k', fetcher);
    expect(calls).toEqual([undefined, '"one"']);
    expect(revalidated.status).toBe(200);
    expect(revalidated.body).toEqual(new TextEncoder().encode('one'));
  });

  it('stores only 200s and drops a page whose revalidation failed', async () => {
    const { store, tick } = cache();
    await store.get('k', async () => page('one'));
    tick(100);
    expect((await store.get('k', async () => ({ status: 503 }))).status).toBe(503);
    expect(store.size.entries).toBe(0);
  });

  it('shares one pending request among concurrent callers', async () => {
    const { store } = cache();
    let calls = 0;
    let release: (answer: UpstreamAnswer) => void = () => {};
    const fetcher = () => {
      calls++;
      return new Promise<UpstreamAnswer>((done) => {
        release = done;
      });
    };
    const waiting = Array.from({ length: 20 }, () => store.get('k', fetcher));
    release(page('x'));
    expect(new Set((await Promise.all(waiting)).map((a) => a.etag))).toEqual(new Set(['"x"']));
    expect(calls).toBe(1);
  });

  it('stays within its byte bound however many distinct pages are asked for', async () => {
    const { store } = cache(2000);
    for (let i = 0; i < 1000; i++)
      await store.get(`k${i}`, async () => page(`${i}`.padStart(30, '0')));
    expect(store.size.bytes).toBeLessThanOrEqual(2000);
    expect(store.size.entries).toBe(3);
  });

  it('counts keys, headers and per-entry overhead, not only bodies', async () => {
    const { store } = cache(100_000);
    const longQuery = `/articles?tag=${'x'.repeat(2000)}`;
    for (let i = 0; i < 1000; i++)
      await store.get(`${longQuery}${i}`, async () => ({ ...page('[]'), link: 'l'.repeat(500) }));
    // 1000 tiny bodies are 2 KB; the keys and links alone are ~5 MB in memory.
    expect(store.size.entries).toBeLessThan(30);
    expect(store.size.bytes).toBeLessThanOrEqual(100_000);
  });

  it('a request that goes away stops waiting; the upstream read is aborted only when nobody waits', async () => {
    const { store } = cache();
    const signals: AbortSignal[] = [];
    let answer!: (value: UpstreamAnswer) => void;
    const fetcher = (_etag: string | undefined, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<UpstreamAnswer>((done) => {
        answer = done;
      });
    };
    const [a, b] = [new AbortController(), new AbortController()];
    const first = store.get('k', fetcher, a.signal);
    const second = store.get('k', fetcher, b.signal);
    expect(signals).toHaveLength(1);
    a.abort();
    await expect(first).rejects.toThrow();
    expect(signals[0]?.aborted).toBe(false);
    answer(page('one'));
    expect((await second).status).toBe(200);

    const alone = new AbortController();
    const lone = store.get('other', fetcher, alone.signal);
    alone.abort();
    await expect(lone).rejects.toThrow();
    expect(signals[1]?.aborted).toBe(true);
  });

  it('serves a held page, stale, when the proxy holds itself back from going upstream', async () => {
    const { store, tick } = cache();
    await store.get('k', async () => page('one'));
    tick(100);
    for (const failure of ['proxy_busy', 'upstream_budget_spent'] as const) {
      const held = await store.get('k', async () => ({ status: 503, failure }));
      expect([held.status, held.body]).toEqual([200, new TextEncoder().encode('one')]);
    }
    expect(
      (await store.get('new', async () => ({ status: 503, failure: 'proxy_busy' }))).status,
    ).toBe(503);
  });
});
