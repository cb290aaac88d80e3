export { articlesLoader } from './articles-loader.js';
export { blogsLoader } from './blogs-loader.js';
export { type ConnectionOptions, KEY_VARIABLE, URL_VARIABLE } from './config.js';
export { ContentReadLoaderError } from './errors.js';
export { type MarkdownHeading, type RenderedHtml, renderArticleHtml } from './html.js';
export { fromEntryId, toEntryId } from './ids.js';
export { contentRead, contentRead as default } from './integration/content-read.js';
export type {
  ContentReadOptions,
  ProxyOptions,
} from './integration/options.js';
export type { RateLimitOptions } from './integration/proxy/rate-limit.js';
export { contentReadRefresh, type RefreshWebhookOptions } from './integration/refresh-webhook.js';
export type { ArticlesLoaderOptions, BlogsLoaderOptions, CommonLoaderOptions } from './options.js';
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
} from './schema.js';
export { ARTICLES_LOADER_NAME, BLOGS_LOADER_NAME, LOADER_VERSION } from './version.js';
