// Live loaders live in their own entry point: they import Astro's runtime error classes,
// which the build-time loaders (loaded by content.config.ts) have no need for.
export {
  type ArticleEntryFilter,
  type ArticlesLiveFilter,
  articlesLiveLoader,
  type BlogEntryFilter,
  blogsLiveLoader,
  type LiveArticleData,
  type LiveLoaderOptions,
} from './live-loaders.js';
