// `node --expose-gc test/bench/proxy-attack.ts [checkout]`: the proxy of a checkout (default:
// this one), with its default options, tried as an attacker would, in this process against the
// mock API in another. Prints: the RSS this process gains while 40 (ATTACK_PAGES) concurrent
// requests ask for distinct pages of about 4 MB (`per_page=500`), and the upstream requests 300 distinct queries
// (`page=1..300&per_page=1`) cost on the 38-article demo listing. Run it on two checkouts (e.g. a
// worktree of an older commit inside this repository, so that it finds the packages) to compare.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'rolldown';

const checkout = resolve(process.argv[2] ?? '.');
// The checkout's proxy, bundled from its sources (its dependencies stay imports, found in this
// repository's node_modules, beside which the bundle is written).
const src = `${checkout}/packages/astro-loader/src`;
// An older checkout, compared against, may hold the build-time code in src/build/ (its name
// before issue 50).
const buildTime = existsSync(`${src}/build-time`) ? `${src}/build-time` : `${src}/build`;
const out = resolve(`node_modules/.cache/proxy-attack/${checkout.replace(/\W+/g, '_')}`);
await build({
  input: {
    handler: `${src}/server/proxy/handler.ts`,
    options: `${buildTime}/integration/options.ts`,
  },
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  output: { dir: out, format: 'esm' },
  logLevel: 'silent',
});
const { createProxyHandler } = await import(pathToFileURL(`${out}/handler.js`).href);
const { proxySettings } = await import(pathToFileURL(`${out}/options.js`).href);
const mockCli = resolve('packages/mock-server/dist/cli.js');

/** The mock API in a process of its own; resolves to its base URL. */
async function mock(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [mockCli, '--port', '0', '--quiet', ...args]);
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const found = /(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(out)?.[1];
      if (found) done(found);
    });
    child.on('exit', (code) => fail(new Error(`the mock exited ${code}: ${out}`)));
  });
  return { url, child };
}

let upstream = 0;
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  upstream++;
  return realFetch(input, init);
};

function proxy(baseUrl: string, apiKey: string) {
  const handle = createProxyHandler(
    proxySettings({ path: '/api/content', ...JSON.parse(process.env.PROXY_OPTIONS ?? '{}') }),
    async () => ({ baseUrl, apiKey }),
    () => {},
  );
  return async (query: string, client: string) => {
    const response: Response = await handle(
      new Request(`http://site.test/api/content/articles?${query}`),
      { clientAddress: () => client },
    );
    await response.arrayBuffer();
    return response.status;
  };
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

// 1. Memory: PAGES concurrent requests for distinct pages of ~4 MB.
const PAGES = Number(process.env.ATTACK_PAGES ?? 40);
{
  const api = await mock([
    '--generate-articles',
    String((PAGES + 2) * 500),
    '--body-bytes',
    '8000',
    '--private-fraction',
    '0',
  ]);
  const ask = proxy(api.url, 'gen-full-access-key');
  gc();
  const before = process.memoryUsage().rss;
  let peak = before;
  let peakHeap = 0;
  let peakBuffers = 0;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
  }, 5);
  upstream = 0;
  const statuses = await Promise.all(
    Array.from({ length: PAGES }, (_, i) => ask(`page=${i + 2}&per_page=500`, `10.0.0.${i}`)),
  );
  clearInterval(sampler);
  gc();
  const after = process.memoryUsage().rss;
  const live = process.memoryUsage();
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  console.log(
    `${PAGES} concurrent 4 MB pages: RSS ${mb(before)} MB -> peak ${mb(peak)} MB (+${mb(peak - before)}), ${mb(after)} MB after GC (heap ${mb(live.heapUsed)} MB, buffers ${mb(live.arrayBuffers)} MB held; peaks: heap ${mb(peakHeap)} MB, buffers ${mb(peakBuffers)} MB); answers ${[...counts].map(([s, n]) => `${n}x${s}`).join(', ')}; ${upstream} upstream requests`,
  );
  api.child.kill();
}

// 2. Budget: 300 distinct valid queries on a 38-article listing.
{
  const api = await mock([]);
  const ask = proxy(api.url, 'demo-full-access-key');
  upstream = 0;
  const statuses: number[] = [];
  for (let page = 1; page <= 300; page++)
    statuses.push(
      await ask(
        page === 1 ? 'per_page=1' : `page=${page}&per_page=1`,
        `10.1.${page >> 8}.${page & 255}`,
      ),
    );
  console.log(
    `300 distinct queries: ${upstream} upstream requests; ${statuses.filter((s) => s === 200).length} answered 200`,
  );
  api.child.kill();
}
