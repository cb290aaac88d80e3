// Live loaders live in their own entry point: they import Astro's runtime error classes,
// which the build-time loaders (loaded by content.config.ts) have no need for.
export {
  type ArticleEntryFilter,
  type ArticlesLiveFilter,
  articlesLiveLoader,
  type LiveArticleData,
} from './server/live/articles-live-loader.js';
export { type BlogEntryFilter, blogsLiveLoader } from './server/live/blogs-live-loader.js';
export type { LiveLoaderOptions } from './server/live/live-client.js';
export { ContentReadLiveError } from './server/live/live-error.js';
