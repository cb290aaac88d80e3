/** Median of a non-empty list. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** One benchmark's outcome: a ratio of medians of runs taken side by side. */
export interface BenchResult {
  id: string;
  what: string;
  comparedWith: string;
  target: string;
  /** The measured ratio (measured / baseline). */
  ratio: number;
  met: boolean;
  /** Medians and samples, in words, for the report. */
  detail: string;
  /** Extra conditions (e.g. "no article body transferred"), already folded into `met`. */
  notes?: string[];
  /** When it was measured (UTC, minutes), kept when a later run measures other benchmarks only. */
  measuredAt?: string;
}

/**
 * `steps` in the order of round `round` (counted from 1): each round starts one step later, so
 * drift on a noisy machine hits every side alike (with two sides: they alternate).
 */
export function inRoundOrder<T>(steps: readonly T[], round: number): T[] {
  const start = (round - 1) % steps.length;
  return [...steps.slice(start), ...steps.slice(0, start)];
}

export const fmtMs = (ms: number) =>
  ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
export const fmtList = (xs: number[], f: (x: number) => string) => xs.map(f).join(', ');
