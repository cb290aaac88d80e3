import type { RetryOptions, TimeoutOptions } from '@content-read/core';

/**
 * The live loaders' request-path budget. A page waits for the API at most `deadline` ms per
 * loader call; the revalidation it started may go on behind it, bounded by the per-request
 * timeouts and the retries below, and later requests share it. So with the API refusing
 * connections or hanging, a page answers in about `deadline` ms, with the last good content.
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

/** Why a loader call stopped waiting: the API had not answered within `deadline`. */
export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
  readonly hint: string;
  constructor(readonly ms: number) {
    super(`the API did not answer within ${ms} ms (the deadline option)`);
    this.hint = 'Check that the API is up and reachable from this server, or raise deadline.';
  }
}

/** One loader call's deadline: every wait on the API in that call is raced against it. */
export class Deadline {
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #reached: Promise<never>;

  constructor(readonly ms: number) {
    let reject: (error: DeadlineError) => void = () => {};
    this.#reached = new Promise<never>((_, no) => {
      reject = no;
    });
    // Nobody may be racing it when it fires.
    this.#reached.catch(() => {});
    this.#timer = setTimeout(() => reject(new DeadlineError(ms)), ms);
  }

  race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.#reached]);
  }

  clear(): void {
    clearTimeout(this.#timer);
  }
}

/** Runs `work` under a deadline of `ms`, always clearing its timer. */
export async function withDeadline<T>(ms: number, work: (d: Deadline) => Promise<T>): Promise<T> {
  const deadline = new Deadline(ms);
  try {
    return await work(deadline);
  } finally {
    deadline.clear();
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
