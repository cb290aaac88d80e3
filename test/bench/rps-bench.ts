// B7: requests per second of the mock server on /articles?per_page=100 against a bare node:http
// server returning the same bytes. Both servers share one child process (one core); autocannon
// runs here (the other core), one side at a time, alternating.
import autocannon from 'autocannon';
import type { BenchConfig } from './config.js';
import { datasetOptions, KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, inRoundOrder, median } from './lib/stats.js';

const PATH = '/api/v1/articles?per_page=100';

async function measure(port: number, cfg: BenchConfig): Promise<number> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${PATH}`,
    connections: cfg.rpsConnections,
    duration: cfg.rpsSeconds,
    headers: { authorization: `Bearer ${KEY}` },
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `B7 on port ${port}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return result.requests.average;
}

export async function runRpsBench(cfg: BenchConfig, log = console.log): Promise<BenchResult> {
  const server = await ServerProcess.start({
    dataset: datasetOptions(Math.min(cfg.articles, 1000)),
  });
  try {
    const bare = await server.startBare(PATH, KEY);
    const mockRps: number[] = [];
    const bareRps: number[] = [];
    for (let round = 0; round < cfg.runs; round++) {
      for (const side of inRoundOrder(['bare', 'mock'] as const, round + 1)) {
        if (side === 'bare') bareRps.push(await measure(bare.port, cfg));
        else mockRps.push(await measure(server.port, cfg));
      }
      log(
        `  round ${round + 1}: mock ${Math.round(mockRps.at(-1) ?? 0)} req/s, bare ${Math.round(bareRps.at(-1) ?? 0)} req/s`,
      );
    }
    const ratio = median(mockRps) / median(bareRps);
    const rps = (x: number) => `${Math.round(x)}`;
    return {
      id: 'B7',
      what: `mock server requests/s, \`${PATH}\` (${Math.round(bare.bytes / 1024)} KB responses, ${cfg.rpsConnections} connections, ${cfg.rpsSeconds} s runs)`,
      comparedWith: 'bare `node:http` returning the same bytes',
      target: '≥ 0.9×',
      ratio,
      met: ratio >= 0.9,
      detail: `mock ${rps(median(mockRps))} req/s vs bare ${rps(median(bareRps))} req/s (medians of ${cfg.runs} runs; mock: ${fmtList(mockRps, rps)}; bare: ${fmtList(bareRps, rps)})`,
    };
  } finally {
    await server.stop();
  }
}
