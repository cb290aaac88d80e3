/**
 * `@content-read/astro-loader/live-highlight`: code highlighting for live articles
 * (`articlesLiveLoader({ highlight: liveHighlighter({ … }) })`), apart from `./live` so that a
 * server bundle holds Shiki only when the site asks for it.
 */
export { type LiveHighlightOptions, liveHighlighter } from './highlight/live-highlighter.js';
export type { LiveHighlighter } from './live/live-highlight.js';
