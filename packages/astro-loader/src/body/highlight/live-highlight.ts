import type { Highlighter } from './core.js';

/**
 * What `articlesLiveLoader({ highlight })` takes: `liveHighlighter()` of
 * `@content-read/astro-loader/live-highlight`, kept apart so that a site without live
 * highlighting bundles none of it (the highlighter core included).
 */
export interface LiveHighlighter {
  /**
   * Loads the grammars and themes, once (every call returns the same promise): the highlighter
   * core of build time (core.ts) over the loaded Shiki, telling `warn` what it could not use.
   */
  load(warn: (message: string) => void): Promise<Highlighter>;
}
