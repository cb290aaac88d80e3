/**
 * What `articlesLiveLoader({ highlight })` takes: `liveHighlighter()` of
 * `@content-read/astro-loader/live-highlight`, kept apart so that a site without live
 * highlighting bundles none of it.
 */
export interface LiveHighlighter {
  /** Loads the grammars and themes (once; every call returns the same promise). */
  load(): Promise<void>;
  /** The sanitised body with its code blocks highlighted; as it was until `load()` resolved. */
  body(html: string, where: string, warn: (message: string) => void): string;
}
