import type { UpstreamAnswer } from './cache.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** `{ "error": { "status", "code", "message" } }`, the API's own error shape. */
export function errorResponse(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { status, code, message } }), {
    status,
    headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store' },
  });
}

/**
 * A listing page for the browser: 304 when its `If-None-Match` holds the page's ETag, else the
 * body. `no-cache` makes browsers revalidate, which the shared cache answers cheaply.
 */
export function listResponse(answer: UpstreamAnswer, request: Request): Response {
  const headers = new Headers({ 'content-type': JSON_TYPE, 'cache-control': 'no-cache' });
  if (answer.etag) headers.set('etag', answer.etag);
  if (answer.link) headers.set('link', answer.link);
  if (answer.etag && matches(request.headers.get('if-none-match'), answer.etag)) {
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  return new Response(answer.body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/**
 * What a browser learns of a failed upstream request: a status and a message of ours, never the
 * API's message. A rejected key is the server's fault, not the browser's: 502.
 */
export function upstreamFailure(answer: UpstreamAnswer): Response {
  const { status, code } = answer;
  let response: Response;
  if (status === 401 || status === 403) {
    response = errorResponse(
      502,
      'upstream_key_rejected',
      "The content API rejected this server's key. The site's owner must update CONTENT_API_KEY on the server.",
    );
  } else if (status === 404) {
    response = errorResponse(404, 'not_found', 'No such blog, or it is not published here.');
  } else if (status === 400) {
    response = errorResponse(
      400,
      code ?? 'invalid_parameter',
      'The content API refused this query.',
    );
  } else if (status === 429) {
    response = errorResponse(
      503,
      'upstream_rate_limited',
      'The content API is busy: try again shortly.',
    );
  } else if (code === 'proxy_not_configured') {
    response = errorResponse(500, code, 'The content proxy is not configured on this server.');
  } else if (code === 'upstream_timeout') {
    response = errorResponse(504, code, 'The content API did not answer in time.');
  } else {
    response = errorResponse(
      502,
      code?.startsWith('upstream_') ? code : 'upstream_unavailable',
      'The content API is unavailable: try again shortly.',
    );
  }
  if (answer.retryAfter && /^\d{1,6}$/.test(answer.retryAfter))
    response.headers.set('retry-after', answer.retryAfter);
  return response;
}

/** CORS headers for an allowed `Origin`; none at all without the `cors` option. */
export function corsHeaders(origins: string[] | undefined, request: Request): [string, string][] {
  if (!origins) return [];
  const origin = request.headers.get('origin');
  const vary: [string, string] = ['vary', 'Origin'];
  if (!origin || !(origins.includes('*') || origins.includes(origin))) return [vary];
  return [
    ['access-control-allow-origin', origins.includes('*') ? '*' : origin],
    ['access-control-expose-headers', 'ETag, Link, Retry-After'],
    vary,
  ];
}

/** `If-None-Match` may list several tags, or `*`; weak and strong forms compare equal (RFC 9110). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
