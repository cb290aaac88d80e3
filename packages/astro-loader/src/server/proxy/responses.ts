import { etagMatches } from '@content-read/core/internal';
import { JSON_TYPE, jsonError } from '../http.js';
import type { UpstreamAnswer } from './cache.js';
import { PROXY_ERRORS, type ProxyErrorCode } from './error-codes.js';

/** `{ "error": { "status", "code", "message" } }`, the API's own error shape. */
export function errorResponse(code: ProxyErrorCode, message: string): Response {
  return jsonError(PROXY_ERRORS[code], code, message);
}

/**
 * A listing page for the browser: 304 when its `If-None-Match` holds the page's ETag (unless
 * `conditional` is false), else the body. `no-cache` makes browsers revalidate, which the shared
 * cache (or the CDN) answers cheaply.
 */
export function listResponse(
  page: { body: Uint8Array; etag?: string; link?: string },
  request: Request,
  conditional = true,
): Response {
  const headers = new Headers({ 'content-type': JSON_TYPE, 'cache-control': 'no-cache' });
  if (page.etag) headers.set('etag', page.etag);
  if (page.link) headers.set('link', page.link);
  if (conditional && page.etag && etagMatches(request.headers.get('if-none-match'), page.etag)) {
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  return new Response(page.body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

const MESSAGES: Partial<Record<ProxyErrorCode, string>> = {
  upstream_key_rejected:
    "The content API rejected this server's key. The site's owner must update CONTENT_API_KEY on the server.",
  upstream_rate_limited: 'The content API is busy: try again shortly.',
  proxy_busy: 'The content proxy is busy: try again shortly.',
  upstream_budget_spent:
    'The content proxy has used its requests to the content API for now: try again later.',
  proxy_not_configured: 'The content proxy is not configured on this server.',
  upstream_timeout: 'The content API did not answer in time.',
  upstream_invalid_response: 'The content API answered something that is not a list.',
  upstream_response_too_large: 'The content API answered more than the proxy reads.',
  upstream_too_many_pages:
    'This listing has more pages than the proxy reads (its proxy.maxPages option).',
};

/**
 * What a browser learns of a failed upstream request: a status and a message of ours, never the
 * API's message or code. A rejected key is the server's fault, not the browser's: 502.
 */
export function upstreamFailure(answer: UpstreamAnswer): Response {
  const code = failureCode(answer);
  const response =
    code === 'not_found'
      ? errorResponse(code, 'No such blog, or it is not published here.')
      : code === 'invalid_parameter'
        ? errorResponse(code, 'The content API refused this query.')
        : errorResponse(
            code,
            MESSAGES[code] ?? 'The content API is unavailable: try again shortly.',
          );
  if (answer.retryAfter && /^\d{1,6}$/.test(answer.retryAfter))
    response.headers.set('retry-after', answer.retryAfter);
  return response;
}

function failureCode({ status, failure }: UpstreamAnswer): ProxyErrorCode {
  if (failure) return failure;
  if (status === 401 || status === 403) return 'upstream_key_rejected';
  if (status === 404) return 'not_found';
  if (status === 400) return 'invalid_parameter';
  if (status === 429) return 'upstream_rate_limited';
  return 'upstream_unavailable';
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
