import type { RateLimitOptions } from './rate-limit.js';
import type { RouteCacheSettings } from './route-cache.js';

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
  /** Sent upstream; written here, at build time, so the server bundle holds no package.json. */
  userAgent: string;
}
