// Live loaders live in their own entry point: they import Astro's runtime error classes,
// which the build-time loaders (loaded by content.config.ts) have no need for.
export {
  type ArticleEntryFilter,
  type ArticlesLiveFilter,
  articlesLiveLoader,
  type LiveArticleData,
} from './live/articles-live-loader.js';
export { type BlogEntryFilter, blogsLiveLoader } from './live/blogs-live-loader.js';
export type { LiveLoaderOptions } from './live/live-client.js';
export { ContentReadLiveError } from './live/live-error.js';
