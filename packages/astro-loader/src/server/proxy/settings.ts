import type { RateLimitOptions } from './rate-limit.js';
import type { RouteCacheSettings } from './route-cache.js';
import type { GateSettings } from './upstream-gate.js';

/**
 * The proxy's options with defaults applied: serialised into the server bundle, so nothing of
 * the build machine (paths, variables) belongs here.
 */
export interface ProxySettings {
  path: string;
  freshness: number;
  cacheBytes: number;
  rateLimit?: RateLimitOptions;
  blogs?: string[];
  maxPages: number;
  corsOrigins?: string[];
  timeout: number;
  fields?: { articles?: string[]; blogs?: string[] };
  /** Set only when the site has a route cache: see ProxyOptions.routeCache. */
  routeCache?: RouteCacheSettings;
  /** The instance's bounds on upstream requests (upstream-gate.ts). */
  upstream: GateSettings;
  /** Step 2 of the body pipeline's options for the bodies served: classes kept. */
  sanitise: { allowClasses?: string[] };
  /** Bodies served as the API sent them (`unsafeRawHtml`). */
  unsafeRawHtml: boolean;
  /** The adapter's platform writes `X-Forwarded-For` itself (Vercel): see clientIdentity. */
  platformForwardedFor?: boolean;
  /** Sent upstream; written here, at build time, so the server bundle holds no package.json. */
  userAgent: string;
}
