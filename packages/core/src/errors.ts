/**
 * Error classes. Every error names what went wrong, where (URL path), and what to do
 * (`hint`). Messages are built from already-redacted parts: the key is never in them,
 * and causes are scrubbed copies (see redact.ts), so String(), JSON.stringify() and
 * util.inspect() are all safe to log.
 */
export interface ErrorDetails {
  status?: number | undefined;
  code?: string | undefined;
  /** URL path and query of the request, e.g. `/api/v1/articles?page=2`. Never holds the key. */
  path?: string | undefined;
  hint: string;
  cause?: Error | undefined;
}

/**
 * The base of core's errors. `Fields` are what a kind of error holds beyond `ErrorDetails` (a
 * NetworkError's `timeout`, ...): given with the details, they become the error's own fields.
 */
export class ContentReadError<Fields extends object = object> extends Error {
  override name = 'ContentReadError';
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly path: string | undefined;
  readonly hint: string;

  constructor(what: string, details: ErrorDetails & Fields) {
    const { status, code, path, hint, cause, ...fields } = details;
    const where = path === undefined ? '' : ` (${path})`;
    super(`${what}${where}. ${hint}`, cause ? { cause } : undefined);
    this.status = status;
    this.code = code;
    this.path = path;
    this.hint = hint;
    Object.assign(this, fields);
  }

  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (value !== undefined && key !== 'name') json[key] = value;
    }
    if (this.cause instanceof Error) {
      json.cause = { name: this.cause.name, message: this.cause.message };
    }
    return json;
  }
}

/** Bad options given to createClient or a method; raised before any request is sent. */
export class ConfigurationError extends ContentReadError {
  override name = 'ConfigurationError';
}

/** 401 or 403: the key is missing, malformed, unknown, revoked or lacks access. */
export class AuthenticationError extends ContentReadError {
  override name = 'AuthenticationError';
}

/** 404: unknown path, or a blog/article that does not exist or is not visible to the key. */
export class NotFoundError extends ContentReadError {
  override name = 'NotFoundError';
}

/** Other 4xx answers (400 invalid_parameter, 405, ...): the request itself is wrong. */
export class RequestError extends ContentReadError {
  override name = 'RequestError';
}

/** An answer the server may ask to be retried later (`Retry-After`, in ms when it sent one). */
export abstract class RetryLaterError extends ContentReadError<{
  retryAfterMs?: number | undefined;
}> {
  declare readonly retryAfterMs: number | undefined;
}

/** 429, after retries (or when Retry-After asked for longer than `retry.maxRetryAfter`). */
export class RateLimitError extends RetryLaterError {
  override name = 'RateLimitError';
}

/** 5xx, after retries. */
export class ServerError extends RetryLaterError {
  override name = 'ServerError';
}

/** Connection failures, resets and timeouts (`timeout: true`), after retries. */
export class NetworkError extends ContentReadError<{ timeout: boolean }> {
  override name = 'NetworkError';
  declare readonly timeout: boolean;
}

/**
 * One way a response breaks the contract: which field (of which list item, when in one) and
 * what is wrong with it. A ValidationError lists them in `issues`.
 */
export interface ValidationIssue {
  /** Index of the item within its page, when the problem is inside a list item. */
  index?: number;
  /** The item's id, when it has a readable one. */
  id?: string;
  /** Dotted field path inside the item (or the body), e.g. `feature_image.url`. */
  field: string;
  problem: string;
}

/** A response that does not match the contract (the API contract), or is not JSON at all. */
export class ValidationError extends ContentReadError<{ issues: ValidationIssue[] }> {
  override name = 'ValidationError';
  declare readonly issues: ValidationIssue[];
}

/** A response body larger than `maxResponseBytes`; the body is destroyed, never buffered. */
export class ResponseTooLargeError extends ContentReadError<{ limit: number }> {
  override name = 'ResponseTooLargeError';
  declare readonly limit: number;
}

/** The pages of a listing never added up (content changed during every attempt). */
export class ListingChangedError extends ContentReadError<{ attempts: number }> {
  override name = 'ListingChangedError';
  declare readonly attempts: number;
}

/**
 * Whether `value` is one of this package's errors (a ContentReadError of any kind), narrowing
 * its type; `false` for anything else, including errors of another copy of the package.
 */
export function isContentReadError(value: unknown): value is ContentReadError {
  return value instanceof ContentReadError;
}
