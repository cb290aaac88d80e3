import type { RetryOptions, TimeoutOptions } from '@content-read/core';
import type { ConnectionOptions } from '../config/connection.js';

/** Options both build-time loaders share. */
export interface CommonLoaderOptions extends ConnectionOptions {
  /**
   * Only these blogs: each name is the blog with that id, else the one with that slug. Enforced
   * by the loader, not left to the API (only articles whose `blog_id` is one of them are kept).
   * A name that matches no blog the key reads fails the sync, naming the blogs it does read.
   * Default: every blog the key can read.
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
