export interface RateLimitOptions {
  /** Requests one client (by address) may make per window. */
  requests: number;
  /** Length of the window in seconds. Default 60. */
  windowSeconds?: number;
}

/** Clients remembered at most; beyond it the oldest windows are dropped (memory stays bounded). */
const MAX_CLIENTS = 10_000;

/** A fixed-window counter per client address. */
export class ClientRateLimit {
  readonly #windows = new Map<string, { start: number; count: number }>();
  readonly #windowMs: number;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.#windowMs = (options.windowSeconds ?? 60) * 1000;
  }

  /** `undefined` when the request may go on; otherwise the seconds until the client may retry. */
  take(client: string): number | undefined {
    const now = this.now();
    let window = this.#windows.get(client);
    if (!window || now - window.start >= this.#windowMs) {
      this.#windows.delete(client);
      window = { start: now, count: 0 };
      this.#windows.set(client, window);
      if (this.#windows.size > MAX_CLIENTS) {
        const oldest = this.#windows.keys().next().value;
        if (oldest !== undefined) this.#windows.delete(oldest);
      }
    }
    window.count++;
    if (window.count <= this.options.requests) return undefined;
    return Math.max(1, Math.ceil((window.start + this.#windowMs - now) / 1000));
  }
}
