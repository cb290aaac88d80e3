// Requests per second on /articles?per_page=100: the mock server against a bare node:http server
// that returns the same bytes. Both servers run in a child process; autocannon runs here, so the
// load generator does not steal the servers' event loop.
//
//   npm run bench -w @content-read/mock-server            (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ARTICLES)
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { createMockServer, GENERATED_KEYS, generateDataset } from '../dist/index.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 0); // 0: the built-in demo dataset
const KEY = ARTICLES > 0 ? GENERATED_KEYS.full : 'demo-full-access-key';
const PATH = '/api/v1/articles?per_page=100';

async function serve(): Promise<void> {
  const dataset =
    ARTICLES > 0 ? generateDataset({ seed: 1, articles: ARTICLES, bodyBytes: 2000 }) : undefined;
  const mock = await createMockServer({ dataset, requestLogLimit: 1000 }).listen({ port: 0 });
  const sample = await fetch(`${mock.baseUrl}/articles?per_page=100`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  const bytes = Buffer.from(await sample.arrayBuffer());
  const bare = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': bytes.length,
    });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const address = bare.address();
  const barePort = typeof address === 'object' && address !== null ? address.port : 0;
  process.send?.({ mockPort: mock.port, barePort, bodyBytes: bytes.length });
}

async function measure(port: number): Promise<number> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${PATH}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${KEY}` },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`port ${port}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function main(): Promise<void> {
  const child = fork(new URL(import.meta.url), ['--serve'], { stdio: 'inherit' });
  const ready = await new Promise<{ mockPort: number; barePort: number; bodyBytes: number }>(
    (resolve) =>
      child.once('message', (m) =>
        resolve(m as { mockPort: number; barePort: number; bodyBytes: number }),
      ),
  );
  try {
    console.log(
      `GET ${PATH}: ${ready.bodyBytes} bytes, ${CONNECTIONS} connections, ${SECONDS} s per run, Node ${process.version}`,
    );
    const bare: number[] = [];
    const mock: number[] = [];
    for (let round = 0; round < 2; round++) {
      bare.push(await measure(ready.barePort));
      mock.push(await measure(ready.mockPort));
    }
    const best = (xs: number[]) => Math.max(...xs);
    console.log(`bare node:http  ${bare.map((x) => x.toFixed(0)).join(' / ')} req/s`);
    console.log(`mock server     ${mock.map((x) => x.toFixed(0)).join(' / ')} req/s`);
    console.log(`ratio (best of each): ${(best(mock) / best(bare)).toFixed(2)}`);
  } finally {
    child.kill();
  }
}

await (process.argv.includes('--serve') ? serve() : main());
