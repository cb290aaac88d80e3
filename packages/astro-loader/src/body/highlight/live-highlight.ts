import type { HighlightBlock } from './core.js';

/**
 * What `articlesLiveLoader({ highlight })` takes: `liveHighlighter()` of
 * `@content-read/astro-loader/live-highlight`, kept apart so that a site without live
 * highlighting bundles none of it. The loader runs it through the same highlighter core as
 * build time (core.ts).
 */
export interface LiveHighlighter {
  /** Loads the grammars and themes (once; every call returns the same promise): the block writer. */
  load(): Promise<HighlightBlock>;
  /** Languages left as they are (`math` always is). */
  readonly excludeLangs: readonly string[];
}
