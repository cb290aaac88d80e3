import type { Resource } from './query.js';
import { errorResponse } from './responses.js';

/**
 * Step 1 of a request: what the route serves. `GET` and `HEAD` of `<path>/blogs` and
 * `<path>/articles`, and CORS preflights when the proxy has `cors`; any other path under the
 * proxy's is a 404, any other method a 405 with `Allow`.
 */
export function resourceOf(
  request: Request,
  url: URL,
  settings: { path: string; corsOrigins?: string[] | undefined },
): Resource | Response {
  const resource = url.pathname.slice(settings.path.length).replace(/^\/|\/$/g, '');
  if (resource !== 'blogs' && resource !== 'articles')
    return errorResponse(
      'not_found',
      `This proxy serves ${settings.path}/blogs and ${settings.path}/articles only.`,
    );
  const methods = settings.corsOrigins ? 'GET, HEAD, OPTIONS' : 'GET, HEAD';
  if (request.method === 'OPTIONS' && settings.corsOrigins)
    return new Response(null, {
      status: 204,
      headers: {
        'access-control-allow-methods': methods,
        'access-control-allow-headers': 'If-None-Match',
        'access-control-max-age': '600',
      },
    });
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const response = errorResponse('method_not_allowed', `Use ${methods}.`);
    response.headers.set('allow', methods);
    return response;
  }
  return resource;
}
