import { parentPort, workerData } from 'node:worker_threads';
import { createHighlighter, type HighlightSettings } from '../../body/highlight/highlighter.js';
import { type SanitisedBody, sanitiseAndHighlight } from '../../body/pipeline.js';
import type { SanitiseOptions } from '../../body/sanitise/sanitiser.js';
import type { UrlBase } from '../../body/sanitise/urls.js';

/**
 * A thread of the pool (body-pool.ts): runs steps 2–3 of the body pipeline
 * (`sanitiseAndHighlight`) on each batch of article bodies it is sent, with the options it was
 * started with (step 3 when it was given the site's highlighting), and answers with the results
 * in the same order.
 */
export interface SanitiseBatch {
  batch: number;
  htmls: string[];
  /** Each body's base for relative URLs (see UrlBase). */
  bases: UrlBase[];
  /** Each body's name in warnings. */
  wheres: string[];
  /** Each body's blocks from its last entry, by key (see remembered-blocks.ts). */
  remembered: ([string, string][] | undefined)[];
}

/** What a thread answers a batch with: the bodies in the batch's order, and what it warned. */
export interface BatchAnswer {
  batch: number;
  results: SanitisedBody[];
  warnings: string[];
}

/** What a thread is started with (its `workerData`). */
export interface ThreadStart {
  options: SanitiseOptions;
  highlighting?: HighlightSettings;
}

const { options, highlighting } = workerData as ThreadStart;
/** What highlighting said since the last answer (full lines, naming the body). */
const warnings: string[] = [];
const highlighter =
  highlighting &&
  createHighlighter(
    highlighting,
    // Never called: without `shiki` (below) the main thread highlights instead.
    () => Promise.reject(new Error('no Markdown renderer in a sanitiser thread')),
    (line) => warnings.push(line),
  );
// A site whose package manager does not hoist Astro's `shiki`: the main thread renders the
// blocks through the site's Markdown, which a thread cannot reach.
const shiki = highlighter
  ? import('shiki').then(
      () => true,
      () => false,
    )
  : Promise.resolve(false);

async function answer({ batch, htmls, bases, wheres, remembered }: SanitiseBatch) {
  const results: SanitisedBody[] = [];
  // Steps 2–3 of the body pipeline; the images are sized on the main thread (step 4).
  const highlighting = highlighter && (await shiki) ? highlighter : undefined;
  for (const [i, html] of htmls.entries()) {
    const base = bases[i];
    const kept = remembered[i];
    results.push(
      await sanitiseAndHighlight(
        html,
        base === undefined ? options : { ...options, base },
        highlighting,
        wheres[i] ?? '',
        kept && new Map(kept),
      ),
    );
  }
  parentPort?.postMessage({ batch, results, warnings: warnings.splice(0) } satisfies BatchAnswer);
}

// One batch at a time, in the order sent: the highlighter meets languages in body order.
let turn = Promise.resolve();
parentPort?.on('message', (message: SanitiseBatch) => {
  turn = turn.then(() => answer(message));
});
