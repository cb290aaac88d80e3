/**
 * Maps a non-2xx response to the matching error class, with a hint that says what to do.
 * The server's message is redacted first: a misbehaving server could echo the key.
 */
import {
  AuthenticationError,
  type ContentReadError,
  type ErrorDetails,
  NetworkError,
  NotFoundError,
  RateLimitError,
  RequestError,
  ServerError,
} from '../errors.js';
import type { Redactor } from '../redact.js';
import { errorBodySchema } from '../schema/wire.js';

export interface FailedResponse {
  method: string;
  status: number;
  headers: Headers;
  /** Parsed JSON body, or the text when it is not JSON, or undefined. */
  body: unknown;
  path: string;
  /** Whether this request carried the Authorization header when it reached the server. */
  keySent: boolean;
  /** A cross-origin redirect made us drop the key on the way. */
  keyDroppedByRedirect: boolean;
  redact: Redactor;
}

export function errorForResponse(r: FailedResponse): ContentReadError {
  const parsed = errorBodySchema.safeParse(r.body);
  const code = parsed.success ? r.redact(parsed.data.error.code) : undefined;
  const serverMessage = parsed.success ? parsed.data.error.message : undefined;
  const said = serverMessage ? `: ${r.redact(serverMessage)}` : '';
  const what = `${r.method} answered ${r.status}${code ? ` ${code}` : ''}${said}`;
  const base: ErrorDetails = { status: r.status, code, path: r.path, hint: '' };
  const retryAfterMs = parseRetryAfter(r.headers.get('retry-after'));

  if (r.status === 401 || r.status === 403) {
    return new AuthenticationError(what, { ...base, hint: authHint(r, code) });
  }
  if (r.status === 404) {
    const hint = r.path.includes('blog=')
      ? 'The blog does not exist or is not visible to this key (private, or outside its blog_access_scope); check the blog id or slug and the key scope.'
      : 'Check that baseUrl points at the Content Read API (…/api/v1) and that the resource exists.';
    return new NotFoundError(what, { ...base, hint });
  }
  if (r.status === 408) {
    return new NetworkError(what, {
      ...base,
      timeout: true,
      hint: 'The server timed out waiting for the request; retries were exhausted. Try again later.',
    });
  }
  if (r.status === 429 || r.status >= 500) {
    const [Kind, advice] =
      r.status === 429
        ? [RateLimitError, 'Lower `concurrency`, or wait and try again.']
        : [ServerError, 'The API failed on its side; retries were exhausted. Try again later.'];
    return new Kind(what, { ...base, retryAfterMs, hint: rateHint(retryAfterMs, advice) });
  }
  const hint =
    r.status === 405
      ? 'The API is read-only and answers GET and HEAD only.'
      : r.status === 400
        ? 'The query was rejected; check perPage (1..500), the blog filter and the format.'
        : 'The request was rejected; check the client options.';
  return new RequestError(what, { ...base, hint });
}

function authHint(r: FailedResponse, code: string | undefined): string {
  if (code === 'missing_token' || (r.status === 401 && !r.keySent)) {
    if (r.keyDroppedByRedirect) {
      return 'The API redirected to another origin and the client does not send the key across origins; point baseUrl at the final address.';
    }
    if (r.keySent) {
      return 'The client sent the Authorization header but the API did not receive it: a proxy or CDN between client and API is stripping the Authorization header. Configure it to forward Authorization.';
    }
  }
  if (code === 'invalid_token') {
    return 'The key is unknown or has been revoked; check apiKey, or create a new key for your team.';
  }
  if (code === 'invalid_authorization') {
    return 'The API did not accept the Authorization header format; something between client and API may be rewriting it.';
  }
  if (r.status === 403)
    return 'The key is valid but not allowed to read this; check its blog_access_scope.';
  return 'Check apiKey: it must be a valid, unrevoked Content Read API key.';
}

function rateHint(retryAfterMs: number | undefined, fallback: string): string {
  if (retryAfterMs === undefined) return fallback;
  return `The server asked to wait ${Math.ceil(retryAfterMs / 1000)} s (Retry-After); the client waits at most retry.maxRetryAfter. ${fallback}`;
}

/** Retry-After as delta-seconds or an HTTP-date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** A 304 to a request that held no ETag. */
export function unexpectedStatus(path: string, status: number): RequestError {
  return new RequestError(`Unexpected status ${status}`, {
    status,
    path,
    hint: 'The server answered 304 to a request that held no ETag; a cache in between may be misbehaving.',
  });
}
