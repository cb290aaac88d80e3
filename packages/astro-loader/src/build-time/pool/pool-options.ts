import { availableParallelism } from 'node:os';
import type { HighlightSettings } from '../../body/highlight/highlighter.js';
import type { SanitisedBody } from '../../body/pipeline.js';
import type { SanitiseOptions } from '../../body/sanitise/sanitiser.js';
import type { UrlBase } from '../../body/sanitise/urls.js';

/**
 * What a sync asks of its body pool (body-pool.ts): the options it makes the pool with, how many
 * threads those give by default, and what the pool answers, the same whether a body went to a
 * thread or was rendered inline.
 */

/**
 * A body as the pool rendered it: steps 2–3 of the body pipeline when a thread highlighted its
 * code too (`highlighted`, with the `blocks` it wrote), else step 2 alone.
 */
export type PoolRendered = SanitisedBody;

/** Sanitises article bodies for one sync: on worker threads when that pays, else inline. */
export interface Sanitiser {
  /**
   * One body; `base` is what its relative URLs are relative to (see UrlBase), `where` names it
   * in the warnings of its highlighting, `remembered` holds its last entry's blocks by key.
   */
  render(
    html: string,
    base?: UrlBase,
    where?: string,
    remembered?: ReadonlyMap<string, string>,
  ): Promise<PoolRendered>;
  /** Bodies rendered by a thread so far (the rest were rendered inline). */
  readonly threaded: number;
  /** Stops the threads (so `astro sync` can exit); renders asked for afterwards run inline. */
  close(): Promise<void>;
}

export interface SanitiserPoolOptions extends SanitiseOptions {
  /** Worker threads; 0 renders inline. Default: {@link defaultSanitiseWorkers}. */
  workers?: number;
  /** Told once when a thread fails and the rest of the sync sanitises inline. */
  warn?: (message: string) => void;
  /** HTML (UTF-16 code units) rendered inline before the threads start. */
  inlineBelow?: number;
  /**
   * Whether the main thread renders queued bodies while the threads are busy. Default: true;
   * tests that compare the threads' output with inline turn it off.
   */
  mainThreadHelps?: boolean;
  /** The worker's module; tests point it at a failing one. */
  workerUrl?: URL;
  /**
   * The site's highlighting, for the threads to do with the sanitising (bodies rendered inline
   * are left for the main thread's highlighter). Default: none.
   */
  highlighting?: HighlightSettings;
}

/**
 * One fewer than the cores Node may use (the main thread keeps parsing responses, validating
 * and storing), at most 4: past that the main thread, not sanitising, sets the pace. When the
 * threads highlight code too, one per core: highlighting is then most of the work, and the main
 * thread, waiting on it, leaves its core to them (B11 on two cores: 0.82× and 0.88× with two
 * threads, 0.96× and 0.98× with one, side by side). The pool grows to that only while bodies
 * with code wait for a thread (see `createSanitiser` of body-pool.ts).
 */
export function defaultSanitiseWorkers(highlighting = false): number {
  const cores = availableParallelism();
  return Math.max(0, Math.min(4, highlighting ? cores : cores - 1));
}
