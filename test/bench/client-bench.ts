// B2: core's client.list('articles') (fetch, parse, validate with zod, consistency check) against
// the floor: undici request + JSON.parse of the same pages at the same concurrency.
import { createClient } from '@content-read/core';
import { Agent, request } from 'undici';
import type { BenchConfig } from './config.js';
import { datasetOptions, KEY } from './lib/dataset.js';
import { ServerProcess } from './lib/server.js';
import { type BenchResult, fmtList, fmtMs, inRoundOrder, median } from './lib/stats.js';

const CONCURRENCY = 6; // core's default
const PER_PAGE = 100; // core's default

async function viaCore(baseUrl: string): Promise<number> {
  const client = createClient({
    baseUrl,
    apiKey: KEY,
    concurrency: CONCURRENCY,
    perPage: PER_PAGE,
  });
  try {
    return (await client.list('articles')).ids.length;
  } finally {
    await client.close();
  }
}

/**
 * The floor: page 1 for the page count, then the rest through a pool of CONCURRENCY workers,
 * keeping every item as list() does.
 */
async function viaFloor(baseUrl: string): Promise<number> {
  const agent = new Agent({ connections: CONCURRENCY });
  const headers = { authorization: `Bearer ${KEY}` };
  const page = async (n: number) => {
    const url = `${baseUrl}/articles?format=json&per_page=${PER_PAGE}&page=${n}`;
    const response = await request(url, { dispatcher: agent, headers });
    if (response.statusCode !== 200) throw new Error(`floor: ${response.statusCode} on ${url}`);
    return JSON.parse(await response.body.text()) as {
      data: unknown[];
      meta: { total_pages: number };
    };
  };
  try {
    const first = await page(1);
    const items = [...first.data];
    let next = 2;
    const worker = async () => {
      while (next <= first.meta.total_pages) {
        const { data } = await page(next++);
        for (const item of data) items.push(item);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return items.length;
  } finally {
    await agent.close();
  }
}

export async function runClientBench(cfg: BenchConfig, log = console.log): Promise<BenchResult> {
  const n = cfg.articles;
  // A side takes ~150 ms and its samples spread by a third on 2 cores: many runs, so the medians
  // hold still.
  const runs = Math.max(21, cfg.runs);
  const server = await ServerProcess.start({ dataset: datasetOptions(n) });
  try {
    // One untimed run of each warms the JIT and the server's page cache.
    for (const side of [viaCore, viaFloor]) {
      const got = await side(server.baseUrl);
      if (got !== n) throw new Error(`B2: ${side.name} read ${got} articles, expected ${n}`);
    }
    const core: number[] = [];
    const floor: number[] = [];
    for (let round = 0; round < runs; round++) {
      for (const side of inRoundOrder([viaCore, viaFloor], round + 1)) {
        const started = performance.now();
        await side(server.baseUrl);
        (side === viaCore ? core : floor).push(performance.now() - started);
      }
    }
    const ratio = median(core) / median(floor);
    log(`  core ${fmtList(core, fmtMs)}; floor ${fmtList(floor, fmtMs)}`);
    return {
      id: 'B2',
      what: `core: fetch and validate ${n} articles (\`client.list('articles')\`, concurrency ${CONCURRENCY}, ${PER_PAGE} per page)`,
      comparedWith:
        'undici `request` + `JSON.parse` of the same pages at the same concurrency, keeping all items',
      target: '≤ 1.15×',
      ratio,
      met: ratio <= 1.15,
      detail: `core ${fmtMs(median(core))} vs floor ${fmtMs(median(floor))} (medians of ${runs} runs; core: ${fmtList(core, fmtMs)}; floor: ${fmtList(floor, fmtMs)})`,
    };
  } finally {
    await server.stop();
  }
}
