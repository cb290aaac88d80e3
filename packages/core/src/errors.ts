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

export class ContentReadError extends Error {
  override name = 'ContentReadError';
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly path: string | undefined;
  readonly hint: string;

  constructor(what: string, details: ErrorDetails) {
    const where = details.path === undefined ? '' : ` (${details.path})`;
    super(`${what}${where}. ${details.hint}`, details.cause ? { cause: details.cause } : undefined);
    this.status = details.status;
    this.code = details.code;
    this.path = details.path;
    this.hint = details.hint;
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
export abstract class RetryLaterError extends ContentReadError {
  readonly retryAfterMs: number | undefined;
  constructor(what: string, details: ErrorDetails & { retryAfterMs?: number | undefined }) {
    super(what, details);
    this.retryAfterMs = details.retryAfterMs;
  }
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
export class NetworkError extends ContentReadError {
  override name = 'NetworkError';
  readonly timeout: boolean;
  constructor(what: string, details: ErrorDetails & { timeout: boolean }) {
    super(what, details);
    this.timeout = details.timeout;
  }
}

export interface ValidationIssue {
  /** Index of the item within its page, when the problem is inside a list item. */
  index?: number;
  /** The item's id, when it has a readable one. */
  id?: string;
  /** Dotted field path inside the item (or the body), e.g. `feature_image.url`. */
  field: string;
  problem: string;
}

/** A response that does not match the contract (docs/api-v1.md), or is not JSON at all. */
export class ValidationError extends ContentReadError {
  override name = 'ValidationError';
  readonly issues: ValidationIssue[];
  constructor(what: string, details: ErrorDetails & { issues: ValidationIssue[] }) {
    super(what, details);
    this.issues = details.issues;
  }
}

/** A response body larger than `maxResponseBytes`; the body is destroyed, never buffered. */
export class ResponseTooLargeError extends ContentReadError {
  override name = 'ResponseTooLargeError';
  readonly limit: number;
  constructor(what: string, details: ErrorDetails & { limit: number }) {
    super(what, details);
    this.limit = details.limit;
  }
}

/** The pages of a listing never added up (content changed during every attempt). */
export class ListingChangedError extends ContentReadError {
  override name = 'ListingChangedError';
  readonly attempts: number;
  constructor(what: string, details: ErrorDetails & { attempts: number }) {
    super(what, details);
    this.attempts = details.attempts;
  }
}

export function isContentReadError(value: unknown): value is ContentReadError {
  return value instanceof ContentReadError;
}
