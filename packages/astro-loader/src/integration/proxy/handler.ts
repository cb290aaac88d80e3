import { MAX_PER_PAGE } from '@content-read/core/web';
import { type Connection, MissingConnectionError } from '../../config/runtime-connection.js';
import type { ProxySettings } from '../options.js';
import { type Fetcher, ProxyCache, type UpstreamAnswer } from './cache.js';
import { checkQuery, normalise, type Resource } from './query.js';
import { ClientRateLimit } from './rate-limit.js';
import { corsHeaders, errorResponse, listResponse, upstreamFailure } from './responses.js';
import { fetchUpstream, restrictedBody } from './upstream.js';

export type ProxyHandler = (
  request: Request,
  clientAddress: string | undefined,
) => Promise<Response>;

/**
 * The proxy: `GET`/`HEAD` `<path>/blogs` and `<path>/articles` for same-origin browser code,
 * answered from a shared cache with the server's key. Nothing of the browser's request but the
 * checked query string and `If-None-Match` is used; nothing of the key reaches the response.
 */
export function createProxyHandler(
  settings: ProxySettings,
  connection: () => Promise<Connection>,
): ProxyHandler {
  const cache = new ProxyCache({
    freshness: settings.freshness,
    maxBytes: settings.cacheBytes,
    coalesce: settings.coalesce,
  });
  const limiter = settings.rateLimit ? new ClientRateLimit(settings.rateLimit) : undefined;
  const methods = settings.corsOrigins ? 'GET, HEAD, OPTIONS' : 'GET, HEAD';

  const page = (resource: Resource, query: string, keep?: (item: Item) => boolean) => {
    const fetcher: Fetcher = async (etag) =>
      fetchUpstream(
        await connection(),
        {
          resource,
          query,
          proxyPath: settings.path,
          timeoutMs: settings.timeout,
          ...(keep ? { keep } : {}),
        },
        etag,
      );
    return cache.get(`${resource}?${query}`, fetcher);
  };
  const allowed = settings.blogs ? new Set(settings.blogs) : undefined;
  const isAllowed = (item: Item) =>
    !allowed || allowed.has(String(item.id)) || allowed.has(String(item.slug));
  const blogsPage = (n: number) => page('blogs', `page=${n}&per_page=${MAX_PER_PAGE}`, isAllowed);
  /** The restricted `/blogs` listing: every page of blogs the key reads, only the allowed kept. */
  async function allowedBlogs(): Promise<UpstreamAnswer> {
    const first = await blogsPage(1);
    if (first.status !== 200 || !first.pages) return first;
    const rest = await Promise.all(
      Array.from({ length: first.pages - 1 }, (_, i) => blogsPage(i + 2)),
    );
    const failed = rest.find((answer) => answer.status !== 200);
    if (failed) return failed;
    const items = (answer: UpstreamAnswer) =>
      (JSON.parse(new TextDecoder().decode(answer.body)) as { data: Item[] }).data;
    return { status: 200, body: restrictedBody([first, ...rest].flatMap(items)) };
  }

  async function answer(request: Request, client: string | undefined): Promise<Response> {
    const url = new URL(request.url);
    const resource = url.pathname.slice(settings.path.length).replace(/^\/|\/$/g, '');
    if (resource !== 'blogs' && resource !== 'articles') {
      return errorResponse(
        404,
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
      const response = errorResponse(405, 'method_not_allowed', `Use ${methods}.`);
      response.headers.set('allow', methods);
      return response;
    }
    const wait = client !== undefined ? limiter?.take(client) : undefined;
    if (wait !== undefined) {
      const response = errorResponse(429, 'rate_limited', 'Too many requests: try again later.');
      response.headers.set('retry-after', String(wait));
      return response;
    }
    const checked = checkQuery(resource, url.searchParams);
    if (!checked.ok) return errorResponse(400, 'invalid_parameter', checked.message);

    let result: UpstreamAnswer;
    if (allowed && resource === 'blogs') {
      result = await allowedBlogs();
    } else {
      if (allowed && resource === 'articles') {
        const refusal = await restrictToAllowed(checked.params);
        if (refusal) return refusal;
      }
      result = await page(resource, normalise(checked.params));
    }
    if (result.status !== 200) return upstreamFailure(result);
    return listResponse(result, request);
  }

  /** Fills in or checks `blog` against the allowed blogs; a refusal looks like a missing blog. */
  async function restrictToAllowed(params: Map<string, string>): Promise<Response | undefined> {
    const blogs = await allowedBlogs();
    if (blogs.status !== 200 || !blogs.body) return upstreamFailure(blogs);
    const list = (JSON.parse(new TextDecoder().decode(blogs.body)) as { data: Item[] }).data;
    const asked = params.get('blog');
    if (asked === undefined) {
      const only = list.length === 1 ? list[0] : undefined;
      if (!only)
        return errorResponse(400, 'invalid_parameter', 'Query parameter "blog" is required here.');
      params.set('blog', String(only.id));
      return undefined;
    }
    const found = list.find((blog) => blog.id === asked || blog.slug === asked);
    if (!found) return errorResponse(404, 'not_found', 'No such blog.');
    return undefined;
  }

  return async (request, client) => {
    let response: Response;
    try {
      response = await answer(request, client);
    } catch (error) {
      response = upstreamFailure({ status: 0, code: classify(error) });
    }
    if (request.method === 'HEAD' && response.body) response = new Response(null, response);
    for (const [name, value] of corsHeaders(settings.corsOrigins, request))
      response.headers.set(name, value);
    return response;
  };
}

type Item = { id?: unknown; slug?: unknown };

function classify(error: unknown): string {
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'upstream_timeout';
  if (error instanceof MissingConnectionError) return 'proxy_not_configured';
  return 'upstream_unreachable';
}
