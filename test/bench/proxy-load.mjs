// Load on the backend proxy and on a live route: 200 concurrent connections for 10 s each, the
// mock server counting the upstream requests they cause. The proxy with its 2000 ms window and
// without one (freshness 0: concurrent requests still share one revalidation); the live route with the default
// (freshness 0, concurrent requests sharing a revalidation) and with a 1000 ms window.
// Run from the repo root after `npm run build` (the site harness is TypeScript with parameter
// properties, hence the flag):
//   nice -n 5 node --experimental-transform-types test/bench/proxy-load.mjs [seconds=10] [connections=200]
import autocannon from 'autocannon';
import { serve } from '../../packages/astro-loader/test/helpers/serve.ts';
import { AstroSite } from '../support/astro-site.ts';
import { startMock } from '../support/mock-server.ts';

const fixtures = new URL('../../packages/astro-loader/test/fixtures/', import.meta.url);

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 200);
const KEY = 'demo-full-access-key';

const api = await startMock();
const sites = [];
const servers = [];

async function built(fixture, env = {}) {
  const site = await AstroSite.copy(new URL(fixture, fixtures));
  sites.push(site);
  const result = await site.build({ ...site.env({ baseUrl: api.baseUrl, apiKey: KEY }), ...env });
  if (result.code !== 0) throw new Error(result.output);
  return site;
}

async function load(label, site, path, env = {}) {
  const started = await serve(site, { ...site.env({ baseUrl: api.baseUrl, apiKey: KEY }), ...env });
  servers.push(started.child);
  await fetch(`${started.url}${path}`); // warm: the first (cold) request is not what is measured
  api.mock.resetStats();
  const result = await autocannon({ url: `${started.url}${path}`, connections, duration: seconds });
  const upstream = api.mock.stats.requests;
  started.child.kill();
  return {
    label,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    upstream,
    upstreamPerSecond: +(upstream / seconds).toFixed(1),
  };
}

try {
  const proxyPath = '/api/content/articles?per_page=100';
  const rows = [];
  const coalescing = await built('proxy', {
    FIXTURE_INTEGRATION_OPTIONS: JSON.stringify({ proxy: { path: '/api/content' } }),
  });
  rows.push(
    await load('proxy, freshness 2000 ms + single-flight (default)', coalescing, proxyPath),
  );
  const plain = await built('proxy', {
    FIXTURE_INTEGRATION_OPTIONS: JSON.stringify({
      proxy: { path: '/api/content', freshness: 0 },
    }),
  });
  rows.push(await load('proxy, freshness 0 (single-flight only)', plain, proxyPath));
  const live = await built('live');
  rows.push(await load('live route, freshness 0 (default)', live, '/'));
  rows.push(
    await load('live route, freshness 1000 ms', live, '/', {
      FIXTURE_LIVE_OPTIONS: JSON.stringify({ freshness: 1000 }),
    }),
  );
  console.log(JSON.stringify({ connections, seconds, rows }, null, 2));
} finally {
  for (const child of servers) child.kill();
  await api.close();
  for (const site of sites) await site.dispose();
}
