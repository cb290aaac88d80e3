/**
 * Every error code the proxy sends, with its status: the contract's own codes for what the
 * browser asked, `proxy_*` / `upstream_*` for what went wrong behind the proxy. The API's own
 * codes never pass through (they could name its internals). The README lists the same table.
 * A file of its own, below both the cache (whose answers carry a code) and responses.ts.
 */
export const PROXY_ERRORS = {
  invalid_parameter: 400,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  proxy_not_configured: 500,
  upstream_key_rejected: 502,
  upstream_unavailable: 502,
  upstream_invalid_response: 502,
  upstream_response_too_large: 502,
  upstream_too_many_pages: 502,
  upstream_rate_limited: 503,
  upstream_timeout: 504,
} as const;

export type ProxyErrorCode = keyof typeof PROXY_ERRORS;
