export interface RateLimitOptions {
  /** Requests one client may make per window. */
  requests: number;
  /** Length of the window in seconds. Default 60. */
  windowSeconds?: number;
  /**
   * A request header that names the client, set by the site's own reverse proxy or CDN (e.g.
   * `cf-connecting-ip`, `x-real-ip`); its last comma-separated value counts, the one the nearest
   * proxy wrote. Only for headers that proxy always overwrites: browsers can send any header.
   */
  clientHeader?: string;
  /**
   * The name of an `Astro.locals` field the site's middleware sets to a string naming the client
   * (any rule of the site's own, computed from the request).
   */
  clientLocal?: string;
}

/** What the proxy may ask of Astro's request context; read only when a rate limit needs it. */
export interface ClientContext {
  /** Astro's `clientAddress` (its getter throws where the adapter cannot tell). */
  clientAddress(): string | undefined;
  locals?: object;
}

/** Clients remembered at most; beyond it the oldest windows are dropped (memory stays bounded). */
const MAX_CLIENTS = 10_000;
const MAX_IDENTITY_LENGTH = 200;

/**
 * Who is asking, for the rate limit: the `clientHeader`, or the `clientLocal` the site's
 * middleware set, or else Astro's `clientAddress` unless Astro took it from `X-Forwarded-For`
 * (whose leftmost value, which Astro uses, the browser writes). `undefined` when none is known.
 */
export function clientIdentity(
  options: RateLimitOptions,
  request: Request,
  context: ClientContext,
): string | undefined {
  let identity: string | undefined;
  if (options.clientHeader) {
    identity = request.headers.get(options.clientHeader)?.split(',').at(-1)?.trim();
  } else if (options.clientLocal) {
    const value = (context.locals as Record<string, unknown> | undefined)?.[options.clientLocal];
    identity = typeof value === 'string' ? value : undefined;
  } else {
    try {
      identity = context.clientAddress();
    } catch {
      return undefined; // the adapter cannot tell (e.g. @astrojs/vercel without the header)
    }
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (identity === forwarded) return undefined;
  }
  return identity ? identity.slice(0, MAX_IDENTITY_LENGTH) : undefined;
}

/** The one line logged the first time a request has no identity. */
export function unknownClientWarning(options: RateLimitOptions): string {
  const why = options.clientHeader
    ? `no ${options.clientHeader} header`
    : options.clientLocal
      ? `no string in Astro.locals.${options.clientLocal}`
      : 'Astro gave no clientAddress, or took it from X-Forwarded-For';
  return `[content-read] proxy.rateLimit: a request came with no client identity (${why}); such requests share one budget. Set proxy.rateLimit.clientHeader to the header your host or proxy sets (see the README).`;
}

/**
 * A fixed-window counter per client. Requests whose client is unknown share one window (the
 * key `undefined`): a limit that an unknown client could skip would be no limit.
 */
export class ClientRateLimit {
  readonly #windows = new Map<string | undefined, { start: number; count: number }>();
  readonly #windowMs: number;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.#windowMs = (options.windowSeconds ?? 60) * 1000;
  }

  /** `undefined` when the request may go on; otherwise the seconds until the client may retry. */
  take(client: string | undefined): number | undefined {
    const now = this.now();
    let window = this.#windows.get(client);
    if (!window || now - window.start >= this.#windowMs) {
      this.#windows.delete(client);
      window = { start: now, count: 0 };
      this.#windows.set(client, window);
      if (this.#windows.size > MAX_CLIENTS) {
        const oldest = this.#windows.keys().next().value;
        this.#windows.delete(oldest);
      }
    }
    window.count++;
    if (window.count <= this.options.requests) return undefined;
    return Math.max(1, Math.ceil((window.start + this.#windowMs - now) / 1000));
  }
}
