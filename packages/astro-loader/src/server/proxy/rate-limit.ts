import type { WindowedLog } from './log-window.js';

/**
 * The proxy's limit per client (`proxy.rateLimit`): a fixed window of `requests` per
 * `windowSeconds`, or a shared `limiter`; a request over it is answered 429 with `Retry-After`.
 */
export interface RateLimitOptions {
  /** Requests one client may make per window, counted in this instance's memory. */
  requests?: number;
  /** Length of the window in seconds (with `limiter`: the `Retry-After` of a refusal). Default 60. */
  windowSeconds?: number;
  /**
   * In place of `requests`, a limiter shared by every instance of the site: a module (a path
   * from the project root, or a package) whose default export is a `SharedLimiter`, e.g. one
   * calling Cloudflare's rate-limiting binding, or a counter in Redis or a KV store. It is
   * bundled into the server. A limiter that throws, or has not answered within a second, lets
   * the request through (fail-open: a store outage must not take the site's browser reads
   * down; the instance's own `upstream` bounds still hold), logged once a minute with a count.
   */
  limiter?: string;
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

/**
 * Decides whether a request of `client` (undefined: unknown, see `clientIdentity`) may go on:
 * `true` lets it through, `false` answers 429.
 */
export type SharedLimiter = (
  client: string | undefined,
  request: Request,
) => boolean | Promise<boolean>;

/** What the proxy may ask of Astro's request context; read only when a rate limit needs it. */
export interface ClientContext {
  /** Astro's `clientAddress` (its getter throws where the adapter cannot tell). */
  clientAddress(): string | undefined;
  locals?: object;
}

/** How long the shared limiter may take before the request goes on without its word. */
export const LIMITER_DEADLINE_MS = 1000;

/** Clients remembered at most; beyond it the oldest windows are dropped (memory stays bounded). */
const MAX_CLIENTS = 10_000;
const MAX_IDENTITY_LENGTH = 200;

/**
 * Who is asking, for the rate limit: the `clientHeader`, or the `clientLocal` the site's
 * middleware set, or else Astro's `clientAddress` unless Astro took it from `X-Forwarded-For`
 * (whose leftmost value, which Astro uses, the browser writes) on a platform that does not write
 * that header itself (`platformForwardedFor`: Vercel overwrites it with the visitor's address).
 * `undefined` when none is known.
 */
export function clientIdentity(
  options: RateLimitOptions,
  request: Request,
  context: ClientContext,
  platformForwardedFor = false,
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
    if (identity === forwarded && !platformForwardedFor) return undefined;
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
  return `[content-read] proxy.rateLimit: a request came with no client identity (${why}); such requests share one budget. Set proxy.rateLimit.clientHeader to the header your host or proxy sets (see the proxy guide of the docs).`;
}

/**
 * A fixed-window counter per client. Requests whose client is unknown share one window (the
 * key `undefined`): a limit that an unknown client could skip would be no limit.
 */
export class ClientRateLimit {
  readonly #windows = new Map<string | undefined, { start: number; count: number }>();
  readonly #windowMs: number;

  constructor(
    private readonly requests: number,
    windowSeconds = 60,
    private readonly now: () => number = Date.now,
  ) {
    this.#windowMs = windowSeconds * 1000;
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
    if (window.count <= this.requests) return undefined;
    return Math.max(1, Math.ceil((window.start + this.#windowMs - now) / 1000));
  }
}

/** Undefined when the request may go on, else the seconds until its client may retry. */
export type RateLimit = (request: Request, context: ClientContext) => Promise<number | undefined>;

/**
 * The proxy's rate limit: this instance's windows (`requests`), or the site's shared limiter,
 * under a deadline. `log` gets the first request of an unknown client, and the limiter's
 * failures (once per window, with a count).
 */
export function rateLimit(
  options: RateLimitOptions,
  shared: SharedLimiter | undefined,
  log: WindowedLog,
  platformForwardedFor = false,
): RateLimit {
  const { requests, windowSeconds = 60 } = options;
  const windows = requests === undefined ? undefined : new ClientRateLimit(requests, windowSeconds);
  let warnedUnknownClient = false;
  return async (request, context) => {
    const client = clientIdentity(options, request, context, platformForwardedFor);
    if (client === undefined && !warnedUnknownClient) {
      warnedUnknownClient = true;
      log('unknown-client', unknownClientWarning(options));
    }
    if (windows) return windows.take(client);
    try {
      if (!shared) throw new Error('its module gave no function');
      return (await withDeadline(shared(client, request))) === false ? windowSeconds : undefined;
    } catch (error) {
      // A limiter's store being down must not take the site's browser reads down with it.
      const reason = String((error as Error)?.message ?? error).split('\n')[0];
      log(
        'limiter',
        `[content-read] proxy.rateLimit.limiter (${options.limiter}) failed: ${reason}. Requests go through unlimited while it fails: check the limiter module and the store it calls.`,
      );
      return undefined;
    }
  };
}

/** The limiter's answer, or a rejection once LIMITER_DEADLINE_MS has passed without one. */
function withDeadline(answer: boolean | Promise<boolean>): Promise<boolean> {
  if (typeof answer === 'boolean') return Promise.resolve(answer);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${LIMITER_DEADLINE_MS} ms`)),
      LIMITER_DEADLINE_MS,
    );
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}
