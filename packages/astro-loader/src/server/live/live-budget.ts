import type { RetryOptions, TimeoutOptions } from '@content-read/core';

/**
 * The live loaders' request-path budget. Holding a listing, a loader call waits for the API at
 * most `deadline` ms, then serves what it holds; holding none yet, it waits as long as pages keep
 * arriving, and at most `deadline` ms with nothing arriving (so a large first listing loads, and
 * a dead or hanging API is an error in about `deadline` ms). The revalidation goes on behind
 * it, bounded by the per-request timeouts and the retries below; later requests share it.
 */
export const LIVE_DEADLINE = 1_500;
export const LIVE_TIMEOUTS: Required<TimeoutOptions> = {
  connect: 1_000,
  headers: 2_000,
  body: 2_000,
};
export const LIVE_RETRY: RetryOptions = {
  retries: 1,
  minTimeout: 100,
  maxTimeout: 500,
  // A longer Retry-After fails at once: a page cannot wait for it.
  maxRetryAfter: 1_000,
};

/**
 * Why a loader call stopped waiting: the API had not answered within `deadline`. Check that the
 * API is up and reachable from the server, or raise the live loader's `deadline`.
 */
export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
  readonly hint: string;
  constructor(readonly ms: number) {
    super(`the API did not answer within ${ms} ms (the deadline option)`);
    this.hint = 'Check that the API is up and reachable from this server, or raise deadline.';
  }
}

/**
 * One loader call's deadline: every wait on the API in that call is raced against it, from the
 * call's start, or (for a listing that makes progress) from the last page that arrived.
 */
export class Deadline {
  readonly #start = Date.now();

  constructor(readonly ms: number) {}

  /** Ms left before the deadline (0 once it has passed). */
  left(): number {
    return Math.max(0, this.#start + this.ms - Date.now());
  }

  /**
   * `work`, or a DeadlineError once `ms` have passed since the call started and since
   * `progressAt()` (when given: the time anything last arrived).
   */
  race<T>(work: Promise<T>, progressAt?: () => number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const check = () => {
        const end = Math.max(this.#start, progressAt?.() ?? 0) + this.ms;
        const left = end - Date.now();
        if (left <= 0) reject(new DeadlineError(this.ms));
        else timer = setTimeout(check, left);
      };
      check();
      work.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }
}

/**
 * Whether a failure is the API being unavailable (unreachable, too slow, 408, 429, 5xx, or
 * invalid data), when the last good content is better than an error. A refused key (401/403) or
 * a 404 is an answer, not an outage: what it no longer allows is not served from memory.
 */
export function isOutage(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return true;
  return status === 408 || status === 429 || status >= 500;
}
