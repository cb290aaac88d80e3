import type { RetryOptions, TimeoutOptions } from '@content-read/core';
import { createListingClient, type ListingClient } from '@content-read/core/internal';
import type { BodyOptions } from '../../body/body-options.js';
import type { LiveHighlighter } from '../../body/highlight/live-highlight.js';
import type { LiveImageSizes } from '../../body/images/live-image-sizes.js';
import type { ArticleUrl } from '../../body/links/link-targets.js';
import { type ConnectionOptions, runtimeConnection } from '../../shared/connection.js';
import { fromEntryId } from '../../shared/entries/entry-ids.js';
import { describeCause, redact } from '../../shared/errors.js';
import { Deadline, LIVE_DEADLINE, LIVE_RETRY, LIVE_TIMEOUTS } from './live-budget.js';
import type { ListingRead } from './live-cache.js';
import { ContentReadLiveError } from './live-error.js';

/** Options of both live loaders. */
export interface LiveLoaderOptions extends ConnectionOptions, BodyOptions {
  /**
   * Only these blogs (each the blog with that id, else the one with that slug): a hard
   * restriction, whatever a filter asks for and whatever the API does with `?blog=`. A name
   * that matches no blog the key reads is an error result.
   */
  blogs?: string[];
  /**
   * Most requests this loader has in flight to the API at once. A positive integer.
   * @default 6
   */
  concurrency?: number;
  /**
   * The longest (ms) one loader call waits for the API; then it answers with the last good
   * content (and a warning) or the error. Holding no content yet, it waits while pages keep
   * arriving, and at most this long with none. The revalidation goes on behind it, within
   * `timeouts` and `retry`, for the next requests. Default 1500.
   */
  deadline?: number;
  /** Per-request timeouts in ms: `{ connect, headers, body }`. Default `{ 1000, 2000, 2000 }`. */
  timeouts?: TimeoutOptions;
  /** Retries of a failed request. Default: 1 retry after 100–500 ms; a Retry-After over 1 s fails at once. */
  retry?: RetryOptions;
  /**
   * How long (ms) a listing read from the API is used as it is before it is revalidated; every
   * request in the meantime shares it, as do concurrent requests during a revalidation.
   * Default 0: every request revalidates (live content stays live), and concurrent requests
   * share one revalidation. Under traffic, a second or two spares the API most requests.
   */
  freshness?: number;
  /**
   * Articles: the site's page of an article, as `articlesLoader({ articleUrl })` takes it (give
   * both the same function). A link in a body to an article the call's listings hold points at
   * its page; any other stays as the CMS wrote it. Default: links stay as written.
   */
  articleUrl?: ArticleUrl;
  /** Articles: bytes of rendered entries kept between requests. Default 400 MB (a 50,000-article listing of ~5 KB). */
  renderCacheBytes?: number;
  /**
   * Articles: code blocks highlighted as the site's Markdown highlights them, by
   * `liveHighlighter()` of `@content-read/astro-loader/live-highlight`. Default: none (plain).
   */
  highlight?: LiveHighlighter;
  /**
   * Articles: authorised body images without a width or height get them, as at build time, by
   * `liveImageSizes(imageConfig)` of `@content-read/astro-loader/live-images`: measured once per
   * URL, remembered by the server, and never waited for past the deadline (an image still being
   * measured is sized on a later request). Default: none (images as the body gives them).
   */
  images?: LiveImageSizes;
}

/** Takes the items of a listing read, noting when they are the last good ones. */
export type Take = <T>(read: ListingRead<T>) => T[];

/**
 * One client per loader, made on first use (so a missing variable fails the request, not the
 * import), and the failure every loader method returns, with the key redacted. The client is
 * core's web client: live loaders run wherever the site's server runs. `run` is what every
 * loader method goes through: the deadline of the call, the failure as an error result and the
 * stale-content warning, with the key redacted from both. A bad `deadline` throws at once, where
 * the loader is made (in live.config.ts).
 */
export function liveClient(options: LiveLoaderOptions, loader: string) {
  const deadline = options.deadline ?? LIVE_DEADLINE;
  if (!(Number.isFinite(deadline) && deadline > 0))
    throw new TypeError(
      `${loader}(): the deadline option must be a positive number of ms (got ${String(options.deadline)}). Leave it out for the default, ${LIVE_DEADLINE}.`,
    );
  let made: Promise<ListingClient> | undefined;
  let key = '';
  const make = async () => {
    const conn = runtimeConnection(options, 'Live collection', (missing) => {
      const names = [missing.baseUrl && 'baseUrl', missing.apiKey && 'apiKey'].filter(Boolean);
      return `, or pass ${names.join(' and ')} to the live loader in src/live.config.ts`;
    });
    key = conn.apiKey;
    return createListingClient({
      ...conn,
      ...(options.allowInsecureHttp ? { allowInsecureHttp: true } : {}),
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      // A page waits for the API at most `deadline`; these bound the work that goes on behind it.
      timeouts: { ...LIVE_TIMEOUTS, ...options.timeouts },
      retry: { ...LIVE_RETRY, ...options.retry },
    });
  };
  const get = (): Promise<ListingClient> => {
    // A failed resolution is not kept: the next request tries again (e.g. once the variable is set).
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
  /**
   * One loader call: `work` under the deadline, reading listings through `take`; the failure as
   * the error result; and, when the API failed and the last good content was served instead,
   * one warning line (never the key).
   */
  const warned = new WeakSet<object>();
  const firstSight = (error: unknown) => {
    if (typeof error !== 'object' || error === null) return true;
    if (warned.has(error)) return false;
    warned.add(error);
    return true;
  };
  const run = async <R>(
    collection: string,
    work: (deadline: Deadline, take: Take) => Promise<R>,
  ): Promise<R | ReturnType<typeof failure>> => {
    let stale: { error: unknown; ageMs: number } | undefined;
    const take = <T>(read: ListingRead<T>): T[] => {
      if (read.stale && (!stale || read.stale.ageMs > stale.ageMs)) stale = read.stale;
      return read.items;
    };
    try {
      const result = await work(new Deadline(deadline), take);
      // One line per failure, however many requests it serves stale content to.
      if (stale && firstSight(stale.error)) {
        const age = Math.round(stale.ageMs / 1000);
        console.warn(
          redact(
            `[content-read] Live collection "${collection}": serving the content read ${age} s ago, as the API failed: ${describeCause(stale.error)}`,
            key,
          ),
        );
      }
      return result;
    } catch (error) {
      return failure(collection, error);
    }
  };
  return { get, run };
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
