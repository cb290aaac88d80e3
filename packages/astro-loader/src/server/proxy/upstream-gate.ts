import type { UpstreamAnswer } from './cache.js';

/**
 * Step 7's bounds, for this instance as a whole (every visitor together): the one step that
 * spends the server's key. Whatever visitors send, the proxy makes at most `requests` upstream
 * requests per window, reads at most `concurrency` at once (a few more wait their turn, the rest
 * are answered at once), and holds at most `bytes` of upstream bodies being read.
 */
export interface UpstreamOptions {
  /**
   * Upstream requests per window, for all visitors together. Beyond it, pages the proxy holds
   * are still served (stale if need be) and the rest answered `503 upstream_budget_spent` with
   * `Retry-After`. Default 300.
   */
  requests?: number;
  /** The window, in seconds. Default 60. */
  windowSeconds?: number;
  /**
   * Upstream reads at once. Four more per read wait their turn; the rest are answered `503
   * proxy_busy` at once. Default 6.
   */
  concurrency?: number;
  /**
   * Bytes of upstream bodies the reads hold at once, together; a read that would pass it is
   * given up (`503 proxy_busy`). Default 64 MiB.
   */
  bytes?: number;
}

/** The bounds in force: `UpstreamOptions` with the defaults applied. */
export type GateSettings = Required<UpstreamOptions>;

export const DEFAULT_GATE: GateSettings = {
  requests: 300,
  windowSeconds: 60,
  concurrency: 6,
  bytes: 64 * 1024 * 1024,
};

/** Reads waiting for a turn, per read allowed at once (UpstreamOptions.concurrency says four). */
const QUEUE_PER_SLOT = 4;

/** What a read may hold: `take(n)` is false when the instance's byte bound would be passed. */
export interface HeldBytes {
  take(bytes: number): boolean;
}

export class UpstreamGate {
  #windowStart = 0;
  #spent = 0;
  #active = 0;
  #held = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly settings: GateSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Runs `read` within the bounds, or answers why not: `upstream_budget_spent` with the seconds
   * left in the window, `proxy_busy` when too many reads wait. A read that gives up waiting
   * (its `signal` aborted) leaves the queue and gives its request back.
   */
  async run(
    read: (held: HeldBytes) => Promise<UpstreamAnswer>,
    signal?: AbortSignal,
  ): Promise<UpstreamAnswer> {
    const now = this.now();
    const windowMs = this.settings.windowSeconds * 1000;
    if (now - this.#windowStart >= windowMs) {
      this.#windowStart = now;
      this.#spent = 0;
    }
    if (this.#spent >= this.settings.requests) {
      const wait = Math.ceil((this.#windowStart + windowMs - now) / 1000);
      return {
        status: 503,
        failure: 'upstream_budget_spent',
        retryAfter: String(Math.max(1, wait)),
      };
    }
    if (this.#active >= this.settings.concurrency) {
      if (this.#waiting.length >= this.settings.concurrency * QUEUE_PER_SLOT) return BUSY;
      this.#spent++;
      const turn = await this.#turn(signal);
      if (!turn) {
        this.#spent--;
        throw signal?.reason ?? new DOMException('The reader went away', 'AbortError');
      }
    } else {
      this.#spent++;
      this.#active++;
    }
    let taken = 0;
    const held: HeldBytes = {
      take: (bytes) => {
        if (this.#held + bytes > this.settings.bytes) return false;
        this.#held += bytes;
        taken += bytes;
        return true;
      },
    };
    try {
      return await read(held);
    } finally {
      this.#held -= taken;
      this.#release();
    }
  }

  /** Bytes held by the reads under way (for tests and figures). */
  get held(): number {
    return this.#held;
  }

  /** Resolves true when a slot is handed over (already counted as active), false on abort. */
  #turn(signal: AbortSignal | undefined): Promise<boolean> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve(false);
      const go = () => {
        signal?.removeEventListener('abort', leave);
        resolve(true);
      };
      const leave = () => {
        const at = this.#waiting.indexOf(go);
        if (at >= 0) this.#waiting.splice(at, 1);
        resolve(false);
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.#waiting.push(go);
    });
  }

  /** The slot goes to the next waiting read, else it is freed. */
  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#active--;
  }
}

const BUSY: UpstreamAnswer = { status: 503, failure: 'proxy_busy', retryAfter: '1' };
