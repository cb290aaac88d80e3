/**
 * `@content-read/astro-loader/live-highlight`: code highlighting for live articles
 * (`articlesLiveLoader({ highlight: liveHighlighter({ … }) })`), apart from `./live` so that a
 * server bundle holds Shiki only when the site asks for it.
 */

export type { LiveHighlighter } from './body/highlight/live-highlight.js';
export { type LiveHighlightOptions, liveHighlighter } from './body/highlight/live-highlighter.js';
