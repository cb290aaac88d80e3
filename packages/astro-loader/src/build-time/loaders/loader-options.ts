import type { Article, Blog } from '@content-read/core';
import type { BodyOptions } from '../../body/body-options.js';
import type { BrokenLinks } from '../../body/links/link-step.js';
import type { ArticleUrl } from '../../body/links/link-targets.js';
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
   * The site's page of an article, for links between articles. An `<a href>` in a body that
   * names another article the site publishes (by its `canonical_url`, or by its blog's `url`
   * and a path whose last segment is its slug) then points at `articleUrl(article)`, keeping its
   * `#fragment`. It is given the article's and its blog's entry ids and slugs, and returns a path
   * on the site (`/blogs/${blog.slug}/${slug}/`) or an http(s) URL. Declare it once, in a module
   * of its own, and give the same function to the live loader. A later sync follows a target
   * that moves, appears or goes, without rendering the bodies that link to it again. Default:
   * links stay as the CMS wrote them.
   */
  articleUrl?: ArticleUrl;
  /**
   * A link into the workspace (under a blog's `url`, or on the host of an article's
   * `canonical_url`) that names no article the site publishes: not public, outside the loader's
   * `blogs`, left out by `filter`, or unknown. Each sync warns once per article, naming the
   * links and why, then sums them up. `'keep'` (default) leaves such links as written;
   * `'unlink'` keeps their text, without the link; `'fail'` fails the sync, the store untouched.
   * Only with `articleUrl`.
   */
  brokenLinks?: BrokenLinks;
  /**
   * Worker threads that sanitise article HTML while pages keep arriving. Default: one fewer
   * than `os.availableParallelism()`, at most 4; `0` sanitises on the main thread. Syncs with
   * under ~512 KB of HTML to sanitise do so on the main thread anyway; while the threads are
   * busy, the main thread sanitises queued bodies too. Output is the same.
   */
  sanitiseWorkers?: number;
}
