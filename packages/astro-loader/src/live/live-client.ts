import { type ContentReadClient, createClient, type TimeoutOptions } from '@content-read/core';
import { LiveCollectionError } from 'astro/content/runtime';
import { type ConnectionOptions, resolveConnection } from '../config/connection.js';
import { describeCause, redact } from '../config/errors.js';
import { fromEntryId } from '../entries/ids.js';

/** Options of both live loaders. */
export interface LiveLoaderOptions extends ConnectionOptions {
  /** Only these blogs (ids or slugs). */
  blogs?: string[];
  concurrency?: number;
  /** Per-request timeouts in ms: `{ connect, headers, body }`. Default: core's (10 s, 30 s, 30 s). */
  timeouts?: TimeoutOptions;
  /** Articles: classes kept besides the content classes, as for `articlesLoader`. */
  allowClasses?: string[];
}

/**
 * One client per loader, made on first use (so a missing variable fails the request, not the
 * import), and the failure every loader method returns, with the key redacted.
 */
export function liveClient(options: LiveLoaderOptions) {
  let client: ContentReadClient | undefined;
  let key = '';
  const get = (): ContentReadClient => {
    if (!client) {
      const conn = resolveConnection(options, process.cwd(), 'Live collection');
      key = conn.apiKey;
      client = createClient({
        ...conn,
        ...(options.concurrency ? { concurrency: options.concurrency } : {}),
        ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      });
    }
    return client;
  };
  const failure = (collection: string, error: unknown) => ({
    error: new LiveCollectionError(
      collection,
      redact(`Could not load "${collection}": ${describeCause(error)}`, key),
    ),
  });
  return { get, failure };
}

/** The item an entry filter names: by entry id (or API id), else by slug. */
export function findByFilter<T extends { id: string; slug: string }>(
  items: T[],
  filter: { id: string } | { slug: string },
): T | undefined {
  return 'id' in filter
    ? items.find((item) => item.id === filter.id || item.id === fromEntryId(filter.id))
    : items.find((item) => item.slug === filter.slug);
}
