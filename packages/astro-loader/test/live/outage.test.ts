import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { articlesLiveLoader, blogsLiveLoader, ContentReadLiveError } from '../../src/live.js';
import { CANARY_KEY, startFailingUpstream } from './upstreams.js';

// A small budget, so that each case ends within a second or two; still 50 times what the
// healthy phase needs on loopback. What is asserted is the outcome, never a time.
const BUDGET = {
  deadline: 1_000,
  timeouts: { connect: 1_000, headers: 1_000, body: 1_000 },
  retry: { retries: 0 },
};

type Upstream = Awaited<ReturnType<typeof startFailingUpstream>>;
const outages: Array<[string, (upstream: Upstream) => unknown]> = [
  ['down (connection refused)', (upstream) => upstream.down()],
  ['hanging (accepts, never answers)', (upstream) => upstream.hang()],
];

describe.each(outages)('live loaders with the API %s', (_, fail) => {
  let upstream: Upstream | undefined;
  let warn: MockInstance<typeof console.warn>;
  beforeAll(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterAll(() => warn.mockRestore());
  afterEach(async () => {
    warn.mockClear();
    await upstream?.close();
  });
  const kinds = {
    articles: (baseUrl: string) => articlesLiveLoader({ baseUrl, apiKey: CANARY_KEY, ...BUDGET }),
    'articles of one blog': (baseUrl: string) =>
      articlesLiveLoader({ baseUrl, apiKey: CANARY_KEY, blogs: ['blog-3'], ...BUDGET }),
    blogs: (baseUrl: string) =>
      blogsLiveLoader({ baseUrl, apiKey: CANARY_KEY, blogs: ['blog-3'], ...BUDGET }),
  };
  const ids = (result: object) =>
    'entries' in result ? (result.entries as { id: string }[]).map((e) => e.id) : result;

  it.each(Object.entries(kinds))(
    '%s: serves the last good content with a one-line warning, without the key',
    async (_, make) => {
      upstream = await startFailingUpstream();
      const loader = make(upstream.baseUrl);
      const good = await loader.loadCollection({ collection: 'news', filter: undefined });
      expect('error' in good ? good.error : undefined).toBeUndefined();
      const before = ids(good);
      expect(before).not.toEqual([]);
      await fail(upstream);
      warn.mockClear();
      const stale = await loader.loadCollection({ collection: 'news', filter: undefined });
      expect(ids(stale)).toEqual(before);
      expect(warn).toHaveBeenCalledTimes(1);
      const line = String(warn.mock.calls[0]?.[0]);
      expect(line).toMatch(
        /^\[content-read\] Live collection "news": serving the content read \d+ s ago, as the API failed: /,
      );
      expect(line).not.toContain('\n');
      expect(line).not.toContain(CANARY_KEY);
    },
  );

  it('returns the error result when it never had content', async () => {
    const failing = await startFailingUpstream();
    upstream = failing;
    await fail(failing);
    // The loaders are independent: they wait out the deadline at once.
    const results = await Promise.all(
      Object.values(kinds).map((make) =>
        make(failing.baseUrl).loadCollection({ collection: 'news', filter: undefined }),
      ),
    );
    for (const result of results) {
      const error = 'error' in result ? result.error : undefined;
      expect(error).toBeInstanceOf(ContentReadLiveError);
      expect(error?.message).toMatch(
        /^Could not load "news": the API (could not be reached|did not answer within 1000 ms)/,
      );
      expect(error?.message).not.toContain(CANARY_KEY);
      expect(warn).not.toHaveBeenCalled();
    }
  });
});

describe('live loaders while a revalidation hangs', () => {
  let upstream: Awaited<ReturnType<typeof startFailingUpstream>> | undefined;
  afterAll(async () => upstream?.close());

  it('serve the next requests the last good content too, with one warning for the one failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    upstream = await startFailingUpstream();
    // Timeouts far beyond the test: the revalidation is still hanging for every request below.
    const loader = articlesLiveLoader({
      baseUrl: upstream.baseUrl,
      apiKey: CANARY_KEY,
      deadline: 1_000,
      timeouts: { connect: 60_000, headers: 60_000, body: 60_000 },
      retry: { retries: 0 },
    });
    const load = () => loader.loadCollection({ collection: 'articles', filter: undefined });
    const good = await load();
    const ids = 'entries' in good ? good.entries.map((e) => e.id) : [];
    expect(ids.length).toBeGreaterThan(0);
    upstream.hang();
    warn.mockClear();
    for (let request = 0; request < 3; request++) {
      const stale = await load();
      expect('entries' in stale && stale.entries.map((e) => e.id)).toEqual(ids);
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('did not answer within 1000 ms');
    warn.mockRestore();
  });
});

describe('the deadline option', () => {
  it('refuses a value that is not a positive number of ms, in one line naming the loader', () => {
    expect(() => articlesLiveLoader({ deadline: 0 })).toThrow(
      /^articlesLiveLoader\(\): the deadline option must be a positive number of ms \(got 0\)\. Leave it out for the default, 1500\.$/,
    );
    expect(() => blogsLiveLoader({ deadline: Number.NaN })).toThrow(
      /^blogsLiveLoader\(\): the deadline option/,
    );
  });
});
