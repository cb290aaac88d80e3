import { type ContentReadClient, createClient, type TimeoutOptions } from '@content-read/core/web';
import { describeCause, redact } from '../config/errors.js';
import { type ConnectionOptions, runtimeConnection } from '../config/runtime-connection.js';
import { fromEntryId } from '../entries/ids.js';
import { ContentReadLiveError } from './live-error.js';

/** Options of both live loaders. */
export interface LiveLoaderOptions extends ConnectionOptions {
  /** Only these blogs (ids or slugs): a hard restriction, whatever a filter asks for. */
  blogs?: string[];
  concurrency?: number;
  /** Per-request timeouts in ms: `{ connect, headers, body }`. Default: core's (10 s, 30 s, 30 s). */
  timeouts?: TimeoutOptions;
  /** Articles: classes kept besides the content classes, as for `articlesLoader`. */
  allowClasses?: string[];
  /**
   * How long (ms) a listing read from the API is used as it is before it is revalidated; every
   * request in the meantime shares it, as do concurrent requests during a revalidation.
   * Default 0: every request revalidates (live content stays live), and concurrent requests
   * share one revalidation. Under traffic, a second or two spares the API most requests.
   */
  freshness?: number;
  /** Articles: largest size (bytes, roughly) of the rendered entries kept between requests. Default 100 MB. */
  renderCacheBytes?: number;
}

/**
 * One client per loader, made on first use (so a missing variable fails the request, not the
 * import), and the failure every loader method returns, with the key redacted. The client is
 * core's web client: live loaders run wherever the site's server runs.
 */
export function liveClient(options: LiveLoaderOptions) {
  let made: Promise<ContentReadClient> | undefined;
  let key = '';
  const make = async () => {
    const conn = runtimeConnection(options, 'Live collection', (missing) => {
      const names = [missing.baseUrl && 'baseUrl', missing.apiKey && 'apiKey'].filter(Boolean);
      return `, or pass ${names.join(' and ')} to the live loader in src/live.config.ts`;
    });
    key = conn.apiKey;
    return createClient({
      ...conn,
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    });
  };
  const get = (): Promise<ContentReadClient> => {
    // A failed resolution is not kept: the next request tries again (e.g. once .env is fixed).
    made ??= make().catch((error) => {
      made = undefined;
      throw error;
    });
    return made;
  };
  const failure = (collection: string, error: unknown) => {
    const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
    return {
      error: new ContentReadLiveError(
        collection,
        redact(`Could not load "${collection}": ${describeCause(error)}`, key),
        typeof status === 'number' ? status : undefined,
        typeof code === 'string' ? code : undefined,
      ),
    };
  };
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
