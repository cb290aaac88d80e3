import type { Article, Blog, RetryOptions, TimeoutOptions } from '@content-read/core';
import type { BodyOptions } from '../../body/body-options.js';
import type { ConnectionOptions } from '../config/connection.js';

/** Options both build-time loaders share. */
export interface CommonLoaderOptions extends ConnectionOptions {
  /**
   * Only these blogs (each an id or a slug). Default: every blog the key can read.
   */
  blogs?: string[];
  /**
   * What to do when the API cannot be read (unreachable, 401, invalid data):
   * `'fail'` (default) fails the build with one message; `'keep-last'` keeps the entries of the
   * last successful sync and logs a warning (it still fails when there is no earlier sync).
   */
  onError?: 'fail' | 'keep-last';
  /** Parallel requests. Default 6. */
  concurrency?: number;
  /** Items per page (1–500). Default 500 (the server's largest: fewest requests). */
  perPage?: number;
  /** Retries of a failed request (429 honours Retry-After). Default: core's (3 retries). */
  retry?: RetryOptions;
  /**
   * Per-request timeouts in ms: `{ connect, headers, body }` (body: longest silence while
   * reading). Default: core's (10 s, 30 s, 30 s). A timed-out request is retried like a reset.
   */
  timeouts?: TimeoutOptions;
}

export interface BlogsLoaderOptions extends CommonLoaderOptions {
  /** Entry id of a blog. Default: see README "Ids" (the API id, made URL-safe). */
  generateId?: (blog: Blog) => string;
}

export interface ArticlesLoaderOptions extends CommonLoaderOptions, BodyOptions {
  /** Name of the blogs collection `blog` refers to. Default `'blogs'`. */
  blogsCollection?: string;
  /**
   * Only the newest articles: at least this many, read in whole pages from the end of the
   * listing (up to `perPage - 1` more), of each blog with `blogs`; `filter` applies to those.
   * The API lists articles in creation order, so these are the most recently created. For
   * archives too big for one build: see the README's "Archives". Default: every article.
   */
  latest?: number;
  /** Keep only the articles for which this returns true (given the API's article). */
  filter?: (article: Article) => boolean;
  /** Entry id of an article. Default: see README "Ids" (the API id, made URL-safe). */
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
   * under ~512 KB of HTML to sanitise do so on the main thread anyway. Output is the same.
   */
  sanitiseWorkers?: number;
}
