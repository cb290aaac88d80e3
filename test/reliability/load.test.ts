import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetOptions, KEY } from '../bench/lib/dataset.js';
import { ServerProcess } from '../bench/lib/server.js';
import { sizes } from './support/sizes.js';

// Load: 200 concurrent connections against the mock server (in its own process, so the load
// generator here does not share its event loop) over a mix of list pages, blogs and discovery:
// no errors, no timeouts, no 5xx (nor any non-2xx), and the p99 latency reported.
// CI: 2 s; `npm run test:soak`: 10 s.

describe(`the mock server under ${sizes.loadConnections} connections for ${sizes.loadSeconds} s`, () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await ServerProcess.start({ dataset: { ...datasetOptions(2_000), bodyBytes: 1_000 } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers every request, none with an error or 5xx', { timeout: 120_000 }, async () => {
    const origin = server.baseUrl.replace(/\/api\/v1$/, '');
    const paths = [
      ...Array.from({ length: 20 }, (_, i) => `/api/v1/articles?per_page=100&page=${i + 1}`),
      '/api/v1/articles?per_page=20&page=3',
      '/api/v1/blogs',
      '/api/v1',
    ];
    const result = await autocannon({
      url: origin,
      connections: sizes.loadConnections,
      duration: sizes.loadSeconds,
      timeout: 10,
      headers: { authorization: `Bearer ${KEY}` },
      requests: paths.map((path) => ({ method: 'GET' as const, path })),
    });
    console.log(
      `load: ${result.requests.total} requests in ${sizes.loadSeconds} s over ${sizes.loadConnections} connections, ` +
        `${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
        `${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
    expect(result.requests.total).toBeGreaterThan(sizes.loadConnections);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result['5xx']).toBe(0);
    const { stats } = await server.stats();
    expect(Object.keys(stats.byStatus).filter((s) => s !== '200')).toEqual([]);
  });
});
