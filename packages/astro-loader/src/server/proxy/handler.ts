import { MAX_PER_PAGE } from '@content-read/core/web';
import type { Connection } from '../../shared/connection.js';
import { MissingConnectionError } from '../../shared/errors.js';
import { registerLiveListing } from '../live/expiry.js';
import { ProxyCache, type UpstreamAnswer } from './cache.js';
import { readQuery } from './canonical.js';
import { itemsOf, localPage, paging, pastTheEnd, readWhole } from './listing.js';
import { windowedLog } from './log-window.js';
import { canonicalQuery, type Resource } from './query.js';
import { type ClientContext, rateLimit, type SharedLimiter } from './rate-limit.js';
import { resourceOf } from './resource.js';
import { corsHeaders, errorResponse, listResponse, upstreamFailure } from './responses.js';
import { BlogRestriction } from './restriction.js';
import { listingTags, type ProxyRouteCache } from './route-cache.js';
import { type Page, ServedPages } from './served-pages.js';
import type { ProxySettings } from './settings.js';
import { KnownTotals, listingOf } from './totals.js';
import { fetchUpstream } from './upstream.js';
import { UpstreamGate } from './upstream-gate.js';

/** What the proxy may use of Astro's request context. */
export interface ProxyContext extends ClientContext {
  /** Astro's route cache (`context.cache`); used when the settings say `routeCache`. */
  cache?: ProxyRouteCache;
}

export type ProxyHandler = (request: Request, context: ProxyContext) => Promise<Response>;

/**
 * The proxy: `GET`/`HEAD` `<path>/blogs` and `<path>/articles` for same-origin browser code,
 * answered with the server's key. Nothing of the browser's request but the checked query string
 * and `If-None-Match` is used; nothing of the key reaches the response. A request takes these
 * steps, each refusing early and cheaply what it must (only step 7 spends the key):
 *
 *  1. method and resource: 405 / 404 (resource.ts);
 *  2. the query, checked, in its one spelling: 400 / 308 (canonical.ts);
 *  3. the client's budget, `rateLimit`: 429 (rate-limit.ts), the shared limiter under a deadline;
 *  4. what is known: a page past the end of a list (totals.ts), a page held (cache.ts);
 *  5. upstream, within the instance's bounds: requests per window, reads and bytes at once, and
 *     abandoned when no browser waits any more: 503 (upstream-gate.ts, upstream.ts);
 *  6. the `blogs` restriction, on the lists read whole (restriction.ts);
 *  7. what a browser may be served: sanitised bodies, http(s) URLs, made once as each page
 *     comes in (safe-items.ts), then the fields asked for (served-pages.ts);
 *  8. the route cache's tags, API ids only (route-cache.ts);
 *  9. failures logged once per window per cause, with a count (log-window.ts).
 *
 * Under Astro's route cache (`settings.routeCache`, and a provider configured), a listing page
 * is cached with the tags of what it holds, for the publish webhook to purge; every other answer
 * is kept out of it. The shared cache below then revalidates on every route-cache miss (with its
 * ETag, so unchanged pages cost a 304): a window of its own would let a purged page be cached
 * again, stale, for the route cache's whole `maxAge`.
 */
export function createProxyHandler(
  settings: ProxySettings,
  connection: () => Promise<Connection>,
  log: (line: string) => void = console.error,
  sharedLimiter?: SharedLimiter,
): ProxyHandler {
  const logOnce = windowedLog(log);
  const cache = new ProxyCache({
    freshness: settings.routeCache ? 0 : settings.freshness,
    maxBytes: settings.cacheBytes,
  });
  const gate = new UpstreamGate(settings.upstream);
  const totals = { articles: new KnownTotals(), blogs: new KnownTotals() };
  registerLiveListing(totals.articles, 'articles');
  registerLiveListing(totals.blogs, 'blogs');
  const served = new ServedPages();
  const limit =
    settings.rateLimit &&
    rateLimit(settings.rateLimit, sharedLimiter, logOnce, settings.platformForwardedFor);

  /** One upstream page, through the shared cache and the instance's bounds. */
  const upstream = (resource: Resource, query: string, signal?: AbortSignal) =>
    cache.get(
      `${resource}?${query}`,
      (validator, abandoned) =>
        gate.run(
          async (held) =>
            fetchUpstream(
              await connection(),
              {
                resource,
                query,
                proxyPath: settings.path,
                timeoutMs: settings.timeout,
                userAgent: settings.userAgent,
                held,
                signal: abandoned,
                safe: settings,
              },
              validator,
            ),
          abandoned,
        ),
      signal,
    );
  /** A whole list, read in pages of the API's largest size. */
  const whole = (resource: Resource, query: string, signal?: AbortSignal) =>
    readWhole((n) => {
      const params = new Map(new URLSearchParams(query));
      params.set('page', String(n));
      params.set('per_page', String(MAX_PER_PAGE));
      return upstream(resource, canonicalQuery(params), signal);
    }, settings.maxPages);
  const restriction = settings.blogs ? new BlogRestriction(settings.blogs, whole, log) : undefined;

  /** A restricted listing page: read whole, kept in the shared cache like an upstream page. */
  const restricted = (resource: Resource, params: Map<string, string>, signal: AbortSignal) =>
    cache.get(
      `restricted:${resource}?${canonicalQuery(params)}`,
      async (_etag, abandoned) => {
        const list = await (restriction as BlogRestriction).list(resource, params, abandoned);
        if (!list.ok) return list.answer;
        const page = await localPage(list.items, resource, list.params, settings.path);
        return { status: 200, ...page, ...(list.blogIds ? { blogIds: list.blogIds } : {}) };
      },
      signal,
    );

  /**
   * What a failure behind the proxy answers, logged once per window per cause (`detail`: what
   * the proxy's own setup lacks).
   */
  const failed = (answer: UpstreamAnswer, path: string, detail = '') => {
    const response = upstreamFailure(answer);
    const cause = answer.failure ?? `upstream status ${answer.status}`;
    if (response.status >= 500)
      logOnce(cause, `[content-read] proxy ${path}: ${response.status} ${cause}${detail}`);
    return response;
  };

  /**
   * The answer to one request; `cacheAs` receives the tags of a listing page the route cache
   * may keep (nothing else may be kept).
   */
  async function answer(
    request: Request,
    context: ProxyContext,
    cacheAs?: (tags: string[]) => void,
  ): Promise<Response> {
    // 1. method and resource
    const url = new URL(request.url);
    const resource = resourceOf(request, url, settings);
    if (resource instanceof Response) return resource;
    // 2. the query, in its one spelling
    const query = readQuery(resource, url, settings);
    if (!query.ok) return query.response;
    const { params } = query;
    // 3. the client's budget
    if (limit) {
      const wait = await limit(request, context);
      if (wait !== undefined) {
        const response = errorResponse('rate_limited', 'Too many requests: try again later.');
        response.headers.set('retry-after', String(wait));
        return response;
      }
    }
    /** 7–8: the page as served, and its tags for the route cache when it came from the API. */
    const respond = async (page: Page, blogIdsOf?: () => readonly string[]) => {
      // The blogs are read from the page only when the route cache will keep it.
      const blogIds = cacheAs && blogIdsOf?.();
      if (blogIds) cacheAs?.(listingTags(resource, blogIds.length ? blogIds : undefined));
      const shown = await served.get(page, query.fields, query.named);
      // A page for the route cache is always whole: a 304 stored there would be served to
      // browsers holding nothing.
      return listResponse(shown, request, !cacheAs);
    };

    // 4. a page past the end of a list whose length is known
    const listing = listingOf(resource, params);
    if (!restriction) {
      const { page, perPage } = paging(params);
      const total = totals[resource].pastTheEnd(listing, page, perPage);
      if (total !== undefined)
        return respond(await pastTheEnd(total, resource, params, settings.path));
    }
    // 5–6. upstream (read whole and restricted with `blogs`)
    const result = restriction
      ? await restricted(resource, params, request.signal)
      : await upstream(resource, canonicalQuery(params), request.signal);
    if (result.status !== 200 || !result.body) return failed(result, url.pathname);
    if (result.total !== undefined) totals[resource].learn(listing, result.total);
    // A bare array is the whole list: the proxy pages it as the API's envelope would.
    const whole = result.whole
      ? await localPage(itemsOf(result), resource, params, settings.path)
      : { ...result, body: result.body };
    return respond(
      whole,
      () => result.blogIds ?? (params.has('blog') ? served.blogIdsOf(whole) : []),
    );
  }

  return async (request, context) => {
    const routeCache = context.cache?.enabled ? settings.routeCache : undefined;
    let tags: string[] | undefined;
    let response: Response;
    try {
      response = await answer(
        request,
        context,
        routeCache &&
          ((listing) => {
            tags = listing;
          }),
      );
    } catch (error) {
      if (request.signal.aborted) return new Response(null, { status: 499 });
      const failure = classify(error);
      const detail =
        failure === 'proxy_not_configured' ? `: ${(error as Error).message.split('\n')[0]}` : '';
      response = failed({ status: 0, failure }, new URL(request.url).pathname, detail);
    }
    if (routeCache)
      context.cache?.set(response.status === 200 && tags ? { ...routeCache, tags } : false);
    if (request.method === 'HEAD' && response.body) response = new Response(null, response);
    for (const [name, value] of corsHeaders(settings.corsOrigins, request))
      response.headers.set(name, value);
    return response;
  };
}

function classify(error: unknown) {
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'upstream_timeout';
  if (error instanceof MissingConnectionError) return 'proxy_not_configured';
  return 'upstream_unavailable';
}
