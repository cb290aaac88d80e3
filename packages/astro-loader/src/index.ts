export type { BodyOptions } from './body/body-options.js';
export { defaultEmbedProviders, type EmbedProvider } from './body/cms/embed-providers.js';
export type { BrokenLinks } from './body/links/link-step.js';
export type { ArticleRoute, ArticleUrl } from './body/links/link-targets.js';
export {
  type Embed,
  type MarkdownHeading,
  type RenderedHtml,
  renderArticleHtml,
  type SanitiseOptions,
  type UrlBase,
} from './body/sanitise/sanitiser.js';
export type { ConnectionOptions } from './build-time/config/connection.js';
export { contentRead, contentRead as default } from './build-time/integration/content-read.js';
export type {
  ContentReadOptions,
  ProxyOptions,
  PublishOptions,
} from './build-time/integration/options.js';
export type { RefreshWebhookOptions } from './build-time/integration/refresh-webhook.js';
export { articlesLoader } from './build-time/loaders/articles-loader.js';
export { blogsLoader } from './build-time/loaders/blogs-loader.js';
export type {
  ArticlesLoaderOptions,
  BlogsLoaderOptions,
} from './build-time/loaders/loader-options.js';
export type { CommonLoaderOptions } from './build-time/sync/sync-options.js';
export type { RateLimitOptions, SharedLimiter } from './server/proxy/rate-limit.js';
export type { UpstreamOptions } from './server/proxy/upstream-gate.js';
export { type CacheKeyPart, cacheKey, type DigestedEntry } from './shared/entries/cache-key.js';
export { fromEntryId, toEntryId } from './shared/entries/entry-ids.js';
export {
  type ArticleData,
  articleEntrySchema,
  authorEntrySchema,
  type BlogData,
  blogEntrySchema,
  createArticleEntrySchema,
  type EntryReference,
  embedEntrySchema,
  entryReference,
  featureImageEntrySchema,
} from './shared/entries/schema.js';
export { CacheKeyError, ContentReadLoaderError } from './shared/errors.js';
