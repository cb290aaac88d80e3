import type { Article, Blog } from '@content-read/core';
import type { BodyOptions } from '../../body/body-options.js';
import type { CommonLoaderOptions } from '../sync/sync-options.js';

/** Options of `blogsLoader()`: those both build-time loaders share, and its entry ids. */
export interface BlogsLoaderOptions extends CommonLoaderOptions {
  /** Entry id of a blog. Default: the API id, made URL-safe (see "Ids" in the entry data reference). */
  generateId?: (blog: Blog) => string;
}

/**
 * Options of `articlesLoader()`: those both build-time loaders share, how article bodies are
 * made safe, and which articles to keep.
 */
export interface ArticlesLoaderOptions extends CommonLoaderOptions, BodyOptions {
  /** Name of the blogs collection `blog` refers to. Default `'blogs'`. */
  blogsCollection?: string;
  /**
   * Only the newest articles: at least this many, read in whole pages from the end of the
   * listing (up to `perPage - 1` more), of each blog with `blogs`; `filter` applies to those.
   * The API lists articles in creation order, so these are the most recently created. For
   * archives too big for one build: see the archives guide. Default: every article.
   */
  latest?: number;
  /** Keep only the articles for which this returns true (given the API's article). */
  filter?: (article: Article) => boolean;
  /** Entry id of an article. Default: the API id, made URL-safe (see "Ids" in the entry data reference). */
  generateId?: (article: Article) => string;
  /** Entry id of a blog, if you changed it with blogsLoader({ generateId }): pass the same. */
  generateBlogId?: (blogId: string) => string;
  /**
   * An article the loader cannot use (a field missing or malformed, or rejected by your schema):
   * `'fail'` (default) fails the build naming the article id and field; `'skip'` leaves it out
   * with a warning. Either way, nothing else is lost.
   */
  invalidArticles?: 'fail' | 'skip';
  /**
   * Worker threads that sanitise article HTML while pages keep arriving. Default: one fewer
   * than `os.availableParallelism()`, at most 4; `0` sanitises on the main thread. Syncs with
   * under ~512 KB of HTML to sanitise do so on the main thread anyway; while the threads are
   * busy, the main thread sanitises queued bodies too. Output is the same.
   */
  sanitiseWorkers?: number;
}
