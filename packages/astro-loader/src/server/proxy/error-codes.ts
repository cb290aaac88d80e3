/**
 * Every error code the proxy sends, with its status: the contract's own codes for what the
 * browser asked, `proxy_*` / `upstream_*` for what went wrong behind the proxy. The API's own
 * codes never pass through (they could name its internals). Each code's comment is what the docs
 * site's error reference says of it.
 * A file of its own, below both the cache (whose answers carry a code) and responses.ts.
 */
export const PROXY_ERRORS = {
  /**
   * A query parameter the proxy does not serve, repeated or malformed; a field `fields` does not
   * serve; or the API refused the query. Fix the request: the message names the parameter.
   */
  invalid_parameter: 400,
  /**
   * Another path under the proxy's `path`, or a `blog` the key cannot read or `blogs` leaves
   * out. Ask for `articles` or `blogs`, and a blog the site serves.
   */
  not_found: 404,
  /** A method other than `GET`, `HEAD` (and `OPTIONS` with `cors`); `Allow` lists them. */
  method_not_allowed: 405,
  /** Over the proxy's `rateLimit`: wait the seconds `Retry-After` says. */
  rate_limited: 429,
  /**
   * `CONTENT_API_URL` or `CONTENT_API_KEY` is missing on the server. Set both in the server's
   * environment (the server's log says which, never the key).
   */
  proxy_not_configured: 500,
  /**
   * The API answered 401 or 403: the server's key was rejected. Check the key the server has
   * (`npx content-read doctor` says what it may read).
   */
  upstream_key_rejected: 502,
  /** The API could not be reached, or answered 5xx or an unexpected status. Try again later. */
  upstream_unavailable: 502,
  /** The API's 200 was not a list (neither an envelope with `data` nor a bare array). */
  upstream_invalid_response: 502,
  /** The API's body was larger than 32 MB. */
  upstream_response_too_large: 502,
  /** A listing the proxy reads whole has more pages than `maxPages`: raise it, or narrow `blogs`. */
  upstream_too_many_pages: 502,
  /**
   * More upstream reads are under way or waiting than the proxy allows at once (`upstream`
   * option), or their bodies would hold more bytes than it allows: retry after `Retry-After`.
   */
  proxy_busy: 503,
  /**
   * The proxy has made as many upstream requests in this window as its `upstream.requests`
   * allows, for all visitors together; cached pages are still served. Retry after
   * `Retry-After`, or raise `upstream.requests` if real traffic needs more.
   */
  upstream_budget_spent: 503,
  /** The API answered 429; its `Retry-After` is passed on: wait that long. */
  upstream_rate_limited: 503,
  /** The API did not answer within the proxy's `timeout`. Try again, or raise `timeout`. */
  upstream_timeout: 504,
} as const;

export type ProxyErrorCode = keyof typeof PROXY_ERRORS;
