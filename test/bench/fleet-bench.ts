// U2: upstream load of the backend proxy across a fleet. 1, 2 and 4 (BENCH_FLEET_SIZES) built
// @astrojs/node servers of one site (fixtures/fleet-site), each with its own memory, behind one
// CDN (lib/cdn.ts); autocannon on one listing page through the CDN, and halfway through, an
// article on that page is edited and published (the publish webhook called through the CDN,
// reaching one instance). Today's site (no route cache: each instance revalidates the page
// upstream once per 2 s window) against the same site with a route cache whose provider drives
// the CDN. Counted: the mock API's requests.
import autocannon from 'autocannon';
import { AstroSite } from '../support/astro-site.js';
import type { ListeningChild } from '../support/listening-child.js';
import type { BenchConfig } from './config.js';
import { type Cdn, startCdn } from './lib/cdn.js';
import { datasetOptions, KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import type { BenchResult } from './lib/stats.js';

const SECRET = 'bench-fleet-publish-secret';
const PAGE = '/api/content/articles?per_page=100';
const CONNECTIONS = 50;

interface Row {
  instances: number;
  behaviour: 'today' | 'route cache';
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  upstream: number;
  /** The page showed the published edit at the end of the run. */
  shown: boolean;
}

export async function runFleetBench(cfg: BenchConfig, log = console.log): Promise<BenchResult> {
  const server = await ServerProcess.start({ dataset: datasetOptions(1000) });
  const sites: AstroSite[] = [];
  const rows: Row[] = [];
  try {
    for (const behaviour of ['today', 'route cache'] as const) {
      const site = await AstroSite.copy(new URL('./fixtures/fleet-site/', import.meta.url));
      sites.push(site);
      await site.mustBuild({ ...site.env(), FLEET_CDN: behaviour === 'today' ? '0' : '1' });
      for (const instances of cfg.fleetSizes) {
        const round = rows.length + 1;
        rows.push(await measure(site, behaviour, instances, round));
        const row = rows.at(-1) as Row;
        log(
          `  U2 ${behaviour}, ${instances} instance(s): ${row.requests} requests, ${row.upstream} upstream, p50 ${row.p50} ms, p99 ${row.p99} ms`,
        );
      }
    }
  } finally {
    await server.stop();
    for (const site of sites) await site.dispose();
  }

  async function measure(
    site: AstroSite,
    behaviour: Row['behaviour'],
    instances: number,
    round: number,
  ): Promise<Row> {
    const running: ListeningChild[] = [];
    let cdn: Cdn | undefined;
    try {
      cdn = await startCdn();
      for (let i = 0; i < instances; i++)
        running.push(
          await site.serve({
            ...site.env({ baseUrl: server.baseUrl, apiKey: KEY }),
            CONTENT_PUBLISH_SECRET: SECRET,
            FLEET_CDN_PURGE_URL: cdn.purgeUrl,
          }),
        );
      cdn.origins.push(...running.map((r) => r.url));
      const url = `${cdn.url}${PAGE}`;
      // Every instance holds the page once, as a fleet that has been up a while does.
      for (let i = 0; i < instances; i++) await (await fetch(url)).arrayBuffer();
      await server.reset();
      const [edit] = await server.mutate(1, round);
      if (!edit) throw new Error('U2: the mock edited no article');
      // The edit is made now, unpublished: a CDN that keeps the page still shows the old one.
      const publishAt = (cfg.rpsSeconds * 1000) / 2;
      let published: Promise<Response> | undefined;
      const publish = () =>
        fetch(`${cdn?.url}/_content-read/publish`, {
          method: 'POST',
          headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
          body: JSON.stringify({ articles: [edit.id] }),
        });
      const timer = setTimeout(() => {
        published ??= publish();
      }, publishAt);
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: cfg.rpsSeconds,
      });
      clearTimeout(timer);
      // A short run on a loaded machine may end before its publish: it is made then.
      published ??= publish();
      const answer = await published;
      if (answer.status !== 200)
        throw new Error(`U2: the publish answered ${answer.status}: ${await answer.text()}`);
      // One request after the run, counted: the page a visitor gets once the run is over (with
      // the route cache, the one request the publish costs, whenever in the run it came).
      const after = (await (await fetch(url)).json()) as { data: { id: string; title: string }[] };
      const upstream = (await server.stats()).stats.requests;
      return {
        instances,
        behaviour,
        requests: result.requests.total,
        errors: result.errors + result.timeouts + result.non2xx,
        p50: result.latency.p50,
        p99: result.latency.p99,
        upstream,
        shown: after.data.find((a) => a.id === edit.id)?.title === edit.title,
      };
    } finally {
      await cdn?.close();
      for (const r of running) await r.stop();
    }
  }

  const of = (behaviour: Row['behaviour'], instances: number) =>
    rows.find((r) => r.behaviour === behaviour && r.instances === instances) as Row;
  const most = Math.max(...cfg.fleetSizes);
  const cached = rows.filter((r) => r.behaviour === 'route cache');
  const table = rows
    .map(
      (r) =>
        `${r.behaviour}, ${r.instances} instance(s): ${r.requests} requests (${r.errors} errors), p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.upstream} upstream${r.shown ? '' : ', edit NOT shown'}`,
    )
    .join('; ');
  return {
    id: 'U2',
    what: `upstream requests for one listing page (100 articles) under autocannon (${cfg.rpsSeconds} s, ${CONNECTIONS} connections) through one CDN in front of ${cfg.fleetSizes.join(', ')} @astrojs/node instances, one publish halfway`,
    comparedWith: `the same fleet without a route cache (each instance's 2 s window), ${most} instances`,
    target: '≤ 1 upstream request per page per publish, whatever the number of instances',
    ratio: of('route cache', most).upstream / Math.max(1, of('today', most).upstream),
    met: cached.every((r) => r.upstream <= 1 && r.shown && r.errors === 0),
    detail: table,
  };
}
