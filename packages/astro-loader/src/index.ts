export { type ConnectionOptions, KEY_VARIABLE, URL_VARIABLE } from './config.js';
export { ContentReadLoaderError } from './errors.js';
export { articleSanitizeSchema, type MarkdownHeading, renderArticleHtml } from './html.js';
export { fromEntryId, toEntryId } from './ids.js';
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
