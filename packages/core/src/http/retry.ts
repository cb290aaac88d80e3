/**
 * Retries one request with p-retry: network errors, timeouts, 408, 429, 500, 502, 503 and
 * 504 are retried with exponential backoff and jitter. A Retry-After is honoured as the
 * minimum wait, up to retry.maxRetryAfter; beyond that the error surfaces at once.
 * Everything else (400, 401, 403, 404, 405, validation, size) fails on the first attempt.
 */
import pRetry from 'p-retry';
import { ContentReadError, NetworkError, RetryLaterError } from '../errors.js';
import type { ResolvedOptions } from '../options.js';
import type { RetryEvent } from '../types.js';

const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof ContentReadError && error.status !== undefined) {
    return RETRYABLE_STATUS.has(error.status);
  }
  return false;
}

function retryAfterOf(error: unknown): number | undefined {
  return error instanceof RetryLaterError ? error.retryAfterMs : undefined;
}

export async function withRetry<T>(
  options: ResolvedOptions,
  describe: { method: string; path: string },
  signal: AbortSignal | undefined,
  attempt: () => Promise<T>,
): Promise<T> {
  const r = options.retry;
  return pRetry(attempt, {
    retries: r.retries,
    minTimeout: r.minTimeout,
    maxTimeout: r.maxTimeout,
    factor: r.factor,
    randomize: r.randomize,
    signal,
    shouldRetry: ({ error }) => {
      if (!isRetryable(error)) return false;
      const wait = retryAfterOf(error);
      return wait === undefined || wait <= r.maxRetryAfter;
    },
    onFailedAttempt: async ({ error, attemptNumber, retriesLeft, retryDelay }) => {
      if (retriesLeft === 0 || !isRetryable(error)) return;
      const wait = retryAfterOf(error);
      if (wait !== undefined && wait > r.maxRetryAfter) return;
      const extra = wait === undefined ? 0 : Math.max(0, wait - retryDelay);
      notify(options, {
        ...describe,
        attempt: attemptNumber,
        retriesLeft,
        delayMs: retryDelay + extra,
        reason: reasonOf(error),
      });
      // p-retry then waits retryDelay; together that is at least Retry-After.
      if (extra > 0) await sleep(extra, signal);
    },
  });
}

function reasonOf(error: Error): string {
  if (error instanceof ContentReadError) {
    const status = error.status === undefined ? '' : ` ${error.status}`;
    const code = error.code === undefined ? '' : ` ${error.code}`;
    return `${error.name}${status}${code}`;
  }
  return error.name;
}

function notify(options: ResolvedOptions, event: RetryEvent): void {
  try {
    options.onRetry?.(event);
  } catch {
    // An observer must never break the request it observes.
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
