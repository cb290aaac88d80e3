export type { ConnectionOptions } from './config/connection.js';
export { type CacheKeyPart, cacheKey, type DigestedEntry } from './entries/cache-key.js';
export { fromEntryId, toEntryId } from './entries/entry-ids.js';
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
} from './entries/schema.js';
export { CacheKeyError, ContentReadLoaderError } from './errors.js';
export { contentRead, contentRead as default } from './integration/content-read.js';
export type { ContentReadOptions, ProxyOptions, PublishOptions } from './integration/options.js';
export type { RateLimitOptions, SharedLimiter } from './integration/proxy/rate-limit.js';
export type { RefreshWebhookOptions } from './integration/refresh-webhook.js';
export { articlesLoader } from './loaders/articles-loader.js';
export { blogsLoader } from './loaders/blogs-loader.js';
export type {
  ArticlesLoaderOptions,
  BlogsLoaderOptions,
  CommonLoaderOptions,
} from './loaders/loader-options.js';
export type { BodyOptions } from './sanitiser/body-options.js';
export { defaultEmbedProviders, type EmbedProvider } from './sanitiser/embed-providers.js';
export {
  type Embed,
  type MarkdownHeading,
  type RenderedHtml,
  renderArticleHtml,
  type SanitiseOptions,
  type UrlBase,
} from './sanitiser/sanitiser.js';
