import { MAX_PER_PAGE } from '@content-read/core/web';
import type { Connection } from '../../shared/connection.js';
import { MissingConnectionError } from '../../shared/errors.js';
import { type Fetcher, ProxyCache } from './cache.js';
import { checkFields, type Page, Projections } from './fields.js';
import { itemsOf, localPage, readWhole } from './listing.js';
import { checkQuery, normalise, type Resource } from './query.js';
import { type ClientContext, rateLimit, type SharedLimiter } from './rate-limit.js';
import { corsHeaders, errorResponse, listResponse, upstreamFailure } from './responses.js';
import { BlogRestriction } from './restriction.js';
import { listingTags, type ProxyRouteCache } from './route-cache.js';
import type { ProxySettings } from './settings.js';
import { fetchUpstream } from './upstream.js';

/** What the proxy may use of Astro's request context. */
export interface ProxyContext extends ClientContext {
  /** Astro's route cache (`context.cache`); used when the settings say `routeCache`. */
  cache?: ProxyRouteCache;
}

export type ProxyHandler = (request: Request, context: ProxyContext) => Promise<Response>;

/**
 * The proxy: `GET`/`HEAD` `<path>/blogs` and `<path>/articles` for same-origin browser code,
 * answered from a shared cache with the server's key. Nothing of the browser's request but the
 * checked query string and `If-None-Match` is used; nothing of the key reaches the response.
 * `log` gets one line per problem of the site's own setup (never per request); `sharedLimiter`
 * is the default export of the module `rateLimit.limiter` names.
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
  const cache = new ProxyCache({
    freshness: settings.routeCache ? 0 : settings.freshness,
    maxBytes: settings.cacheBytes,
  });
  const limit = settings.rateLimit && rateLimit(settings.rateLimit, sharedLimiter, log);
  const methods = settings.corsOrigins ? 'GET, HEAD, OPTIONS' : 'GET, HEAD';

  const upstream = (resource: Resource, query: string) => {
    const fetcher: Fetcher = async (etag) =>
      fetchUpstream(
        await connection(),
        {
          resource,
          query,
          proxyPath: settings.path,
          timeoutMs: settings.timeout,
          userAgent: settings.userAgent,
        },
        etag,
      );
    return cache.get(`${resource}?${query}`, fetcher);
  };
  /** A whole list, read in pages of the API's largest size. */
  const whole = (resource: Resource, query: string) =>
    readWhole((n) => {
      const params = new URLSearchParams(query);
      params.set('page', String(n));
      params.set('per_page', String(MAX_PER_PAGE));
      return upstream(resource, normalise(new Map(params)));
    }, settings.maxPages);
  const restriction = settings.blogs ? new BlogRestriction(settings.blogs, whole, log) : undefined;
  const projections = new Projections();

  /**
   * The answer to one request; `cacheAs` receives the tags of a listing page the route cache
   * may keep (nothing else may be kept).
   */
  async function answer(
    request: Request,
    context: ProxyContext,
    cacheAs?: (tags: string[]) => void,
  ): Promise<Response> {
    const url = new URL(request.url);
    const resource = url.pathname.slice(settings.path.length).replace(/^\/|\/$/g, '');
    if (resource !== 'blogs' && resource !== 'articles') {
      return errorResponse(
        'not_found',
        `This proxy serves ${settings.path}/blogs and ${settings.path}/articles only.`,
      );
    }
    if (request.method === 'OPTIONS' && settings.corsOrigins) {
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-methods': methods,
          'access-control-allow-headers': 'If-None-Match',
          'access-control-max-age': '600',
        },
      });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const response = errorResponse('method_not_allowed', `Use ${methods}.`);
      response.headers.set('allow', methods);
      return response;
    }
    if (limit) {
      const wait = await limit(request, context);
      if (wait !== undefined) {
        const response = errorResponse('rate_limited', 'Too many requests: try again later.');
        response.headers.set('retry-after', String(wait));
        return response;
      }
    }
    const checked = checkQuery(resource, url.searchParams);
    if (!checked.ok) return errorResponse('invalid_parameter', checked.message);
    const asked = checked.params.get('fields');
    const fields = checkFields(resource, asked, settings.fields?.[resource]);
    if (!fields.ok) return errorResponse('invalid_parameter', fields.message);
    checked.params.delete('fields');
    /**
     * The page as answered, cut to the fields asked for (or configured). A page for the route
     * cache is always whole: a 304 stored there would be served to browsers holding nothing.
     */
    const respond = async (page: Page) => {
      cacheAs?.(listingTags(resource, checked.params.get('blog'), settings.blogs));
      return listResponse(
        fields.fields ? await projections.get(page, fields.fields, asked !== undefined) : page,
        request,
        !cacheAs,
      );
    };

    const query = normalise(checked.params);
    // A restricted page is kept in the shared cache like an upstream page: within the freshness
    // window it costs what an unrestricted one does.
    const result = restriction
      ? await cache.get(`restricted:${resource}?${query}`, async () => {
          const list = await restriction.list(resource, checked.params);
          if (!list.ok) return list.answer;
          return {
            status: 200,
            ...(await localPage(list.items, resource, list.params, settings.path)),
          };
        })
      : await upstream(resource, query);
    if (result.status !== 200 || !result.body) return upstreamFailure(result);
    // A bare array is the whole list: the proxy pages it as the API's envelope would.
    if (result.whole)
      return respond(await localPage(itemsOf(result), resource, checked.params, settings.path));
    return respond({ ...result, body: result.body });
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
      response = upstreamFailure({ status: 0, failure: classify(error) });
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
