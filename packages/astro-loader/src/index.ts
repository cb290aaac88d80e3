export { articlesLoader } from './build/articles-loader.js';
export { blogsLoader } from './build/blogs-loader.js';
export type { ConnectionOptions } from './config/connection.js';
export { ContentReadLoaderError } from './config/errors.js';
export type {
  ArticlesLoaderOptions,
  BlogsLoaderOptions,
  CommonLoaderOptions,
} from './config/options.js';
export {
  type MarkdownHeading,
  type RenderedHtml,
  renderArticleHtml,
  type SanitiseOptions,
} from './entries/html/render.js';
export { fromEntryId, toEntryId } from './entries/ids.js';
export {
  type ArticleData,
  articleEntrySchema,
  authorEntrySchema,
  type BlogData,
  blogEntrySchema,
  createArticleEntrySchema,
  type EntryReference,
  entryReference,
  featureImageEntrySchema,
} from './entries/schema.js';
export { contentRead, contentRead as default } from './integration/content-read.js';
export type { ContentReadOptions, ProxyOptions } from './integration/options.js';
export type { RateLimitOptions } from './integration/proxy/rate-limit.js';
export type { RefreshWebhookOptions } from './integration/refresh-webhook.js';
