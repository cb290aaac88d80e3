export { articlesLoader } from './build/articles-loader.js';
export { blogsLoader } from './build/blogs-loader.js';
export { type ConnectionOptions, KEY_VARIABLE, URL_VARIABLE } from './config/connection.js';
export { ContentReadLoaderError } from './config/errors.js';
export type {
  ArticlesLoaderOptions,
  BlogsLoaderOptions,
  CommonLoaderOptions,
} from './config/options.js';
export { ARTICLES_LOADER_NAME, BLOGS_LOADER_NAME, LOADER_VERSION } from './config/version.js';
export {
  type MarkdownHeading,
  type RenderedHtml,
  renderArticleHtml,
} from './entries/html/render.js';
export { fromEntryId, toEntryId } from './entries/ids.js';
export {
  type ArticleData,
  articleSchema,
  authorSchema,
  type BlogData,
  blogSchema,
  createArticleSchema,
  type EntryReference,
  entryReference,
  featureImageSchema,
} from './entries/schema.js';
export { contentRead, contentRead as default } from './integration/content-read.js';
export type { ContentReadOptions, ProxyOptions } from './integration/options.js';
export type { RateLimitOptions } from './integration/proxy/rate-limit.js';
export { contentReadRefresh, type RefreshWebhookOptions } from './integration/refresh-webhook.js';
