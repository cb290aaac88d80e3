import { describe, expect, it } from 'vitest';
import { runBenches } from './benches.js';
import { ALL, readConfig } from './config.js';

// Every benchmark at a tiny size, so `npm run bench` keeps working. No time is asserted (these
// machines are noisy); what is asserted is that each benchmark measured what it says: both sides
// ran, the ratio is a real number, and the warm sync transferred no article body.

describe('benchmarks at CI size', () => {
  it('run B1–B7 end to end and produce a row each', { timeout: 600_000 }, async () => {
    const cfg = readConfig([], {
      BENCH_ARTICLES: '150',
      BENCH_MEMORY_ARTICLES: '150',
      BENCH_CHANGED: '5',
      BENCH_RUNS: '1',
      BENCH_LATENCY_MS: '20',
      BENCH_RPS_SECONDS: '1',
    });
    const lines: string[] = [];
    const results = await runBenches(cfg, (line) => lines.push(line));
    expect(results.map((r) => r.id)).toEqual(ALL);
    for (const r of results) {
      expect(Number.isFinite(r.ratio) && r.ratio > 0, `${r.id}: ${r.detail}`).toBe(true);
      expect(r.detail).not.toBe('');
    }
    const b3 = results.find((r) => r.id === 'B3');
    expect(b3?.detail).toContain('0 article pages with a body');
  });

  it('reads sizes from flags and refuses nonsense', () => {
    expect(readConfig(['--articles=1_000', '--only=b2,b7'], {})).toMatchObject({
      articles: 1000,
      only: ['B2', 'B7'],
    });
    expect(() => readConfig(['--articles=-3'], {})).toThrow(/BENCH_ARTICLES=-3/);
    expect(() => readConfig(['articles'], {})).toThrow(/--name=value/);
  });
});
