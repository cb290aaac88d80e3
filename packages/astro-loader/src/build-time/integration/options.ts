import { FIELDS } from '../../server/proxy/fields.js';
import type { Resource } from '../../server/proxy/query.js';
import type { RateLimitOptions } from '../../server/proxy/rate-limit.js';
import type { ProxySettings } from '../../server/proxy/settings.js';
import { DEFAULT_GATE, type UpstreamOptions } from '../../server/proxy/upstream-gate.js';
import { ContentReadSetupError } from '../../shared/errors.js';
import { LOADER_VERSION } from '../../shared/version.js';
import type { RefreshWebhookOptions } from './refresh-webhook.js';

/**
 * The backend proxy (`contentRead({ proxy })`, needs an Astro server adapter): serves the API's
 * listings to browser code, the key kept on the server.
 */
export interface ProxyOptions {
  /** Where the proxy answers, e.g. `/api/content` → `/api/content/blogs`, `/api/content/articles`. */
  path: string;
  /** How long (ms) a listing page is served from memory before it is revalidated. Default 2000. */
  freshness?: number;
  /** Largest total size (bytes) of the pages kept in memory. Default 50 MB. */
  cacheBytes?: number;
  /** Per-client request limit (see `RateLimitOptions` for what a client is). Default: none. */
  rateLimit?: RateLimitOptions;
  /**
   * This server instance's bounds on what the proxy asks of the API, for all visitors together
   * (see `UpstreamOptions`): on by default, 300 upstream requests a minute, 6 reads at once, 64 MiB
   * held. Raise `requests` if the site's real traffic needs more: each distinct page costs one
   * request per freshness window (or per route-cache miss).
   */
  upstream?: UpstreamOptions;
  /**
   * Classes an article's `html` may keep when the proxy serves it, as the loaders'
   * `allowClasses` (bodies are sanitised as the loaders' are). Default: none.
   */
  allowClasses?: string[];
  /**
   * UNSAFE: serve each article's `html` as the API sent it, not sanitised. Any script in a body
   * then runs on your site when a page of yours inserts it: only for a site whose own scripts
   * sanitise what they insert. Default `false`: bodies are sanitised as the loaders' entries are.
   */
  unsafeRawHtml?: boolean;
  /**
   * Serve only these blogs (each an id, else a slug), fewer than the key can read. `/blogs` and
   * `/articles` then list only theirs, read whole and paged by the proxy. Default: all the key reads.
   */
  blogs?: string[];
  /**
   * Most upstream pages (of 500 items) one restricted listing may read; a longer list is a 502
   * `upstream_too_many_pages`. Default 20.
   */
  maxPages?: number;
  /** Send CORS headers to these origins (or `'*'`). Default: none (same-origin only). */
  cors?: { origin: string | string[] };
  /** Upstream request timeout in ms. Default 15000. */
  timeout?: number;
  /**
   * The fields the proxy serves of each item, per listing: the default projection (a request
   * without `fields=` gets these) and all that a request may ask for. E.g. `{ articles: ['id',
   * 'slug', 'blog_id', 'title', 'excerpt', 'tags', 'published_at', 'feature_image'] }` for a
   * proxy that never serves bodies. Default: every field (a request's `fields=` may narrow it).
   */
  fields?: { articles?: string[]; blogs?: string[] };
  /**
   * When the site configures a route cache (`cache.provider` in the Astro config), listing pages
   * are cached through it (by the CDN, where the adapter's provider drives one) for `maxAge`
   * seconds, then served stale for `swr` more while revalidated, and purged by the publish
   * webhook with the live pages. `false`: never. Default: `{ maxAge: 3600 }` with
   * `publish` on (a publish purges them), else `{ maxAge: 60 }`.
   */
  routeCache?: false | { maxAge?: number; swr?: number };
}

/** The publish webhook: where it answers. */
export interface PublishOptions {
  /** Default `/_content-read/publish`. */
  path?: string;
}

/** Options of the `contentRead()` integration: its proxy, its webhooks and the key guard. */
export interface ContentReadOptions {
  /** The backend proxy for browser code (needs an Astro server adapter). Default: off. */
  proxy?: ProxyOptions;
  /**
   * The production publish webhook (needs an Astro server adapter): `POST` with
   * `Authorization: Bearer <CONTENT_PUBLISH_SECRET>` naming what changed invalidates the route
   * cache and the live loaders' listings. `true` or its options. Default: off.
   */
  publish?: boolean | PublishOptions;
  /**
   * The `astro dev` refresh webhook (`POST /_content-read/refresh`): `true` or its options.
   * Default: off.
   */
  refresh?: boolean | RefreshWebhookOptions;
  /**
   * Say so when the key is meant for browsers: a deliberately public key, scoped to the blogs it
   * may show. Turns off the key guard (the PUBLIC_* check and the scan of the client output).
   * Default `false`.
   */
  keyIsPublicAndTightlyScoped?: boolean;
}

/** A route path of an option (`proxy.path`, `publish.path`), or a setup error naming it. */
function routePath(option: string, value: string, example: string): string {
  const path = `/${String(value).replace(/^\/+|\/+$/g, '')}`;
  if (!/^\/[A-Za-z0-9._~\-/]+$/.test(path) || path.includes('//') || path.includes('[')) {
    throw new ContentReadSetupError(
      `contentRead(): ${option} must be a plain URL path such as "${example}" (got "${value}").`,
    );
  }
  return path;
}

/** Where the publish webhook answers, or undefined when it is off. */
export function publishPath(options: ContentReadOptions['publish']): string | undefined {
  if (!options) return undefined;
  const path = options === true ? undefined : options.path;
  return path === undefined
    ? '/_content-read/publish'
    : routePath('publish.path', path, '/_content-read/publish');
}

/**
 * The proxy's settings. `routeCache` is kept only when `site.routeCache` says the site has one;
 * its default `maxAge` is long only when `site.publish` purges it.
 */
export function proxySettings(
  options: ProxyOptions,
  site: { routeCache: boolean; publish: boolean; adapter?: string } = {
    routeCache: false,
    publish: false,
  },
): ProxySettings {
  const path = routePath('proxy.path', options.path, '/api/content');
  const positive = (name: string, value: number | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    if (!Number.isFinite(value) || value < 0)
      throw new ContentReadSetupError(
        `contentRead(): proxy.${name} must be a number ≥ 0 (got ${value}).`,
      );
    return value;
  };
  if (options.rateLimit) checkRateLimit(options.rateLimit);
  const seconds = (name: string, value: number | undefined, min: number, fallback: number) => {
    if (value === undefined) return fallback;
    if (!Number.isInteger(value) || value < min)
      throw new ContentReadSetupError(
        `contentRead(): proxy.routeCache.${name} must be whole seconds ≥ ${min} (got ${value}).`,
      );
    return value;
  };
  const cacheOptions = options.routeCache === false ? undefined : (options.routeCache ?? {});
  const maxAge = seconds('maxAge', cacheOptions?.maxAge, 1, site.publish ? 3600 : 60);
  const swr = seconds('swr', cacheOptions?.swr, 0, 0);
  const routeCache = site.routeCache && cacheOptions;
  const maxPages = options.maxPages;
  if (maxPages !== undefined && !(Number.isInteger(maxPages) && maxPages >= 1))
    throw new ContentReadSetupError(
      `contentRead(): proxy.maxPages must be a whole number ≥ 1 (got ${maxPages}).`,
    );
  if (options.blogs && options.blogs.length === 0)
    throw new ContentReadSetupError(
      'contentRead(): proxy.blogs must name at least one blog (or be left out).',
    );
  const badName = options.blogs?.find((name) => typeof name !== 'string' || !name.trim());
  if (badName !== undefined)
    throw new ContentReadSetupError(
      `contentRead(): proxy.blogs holds ${JSON.stringify(badName)}: each entry must be a blog id or slug.`,
    );
  const upstream = { ...DEFAULT_GATE, ...options.upstream };
  for (const [name, value] of Object.entries(upstream))
    if (
      !(
        Number.isFinite(value) &&
        value > 0 &&
        (name === 'windowSeconds' || Number.isInteger(value))
      )
    )
      throw new ContentReadSetupError(
        `contentRead(): proxy.upstream.${name} must be a ${name === 'windowSeconds' ? 'number' : 'whole number'} > 0 (got ${value}).`,
      );
  const origin = options.cors?.origin;
  for (const [resource, names] of Object.entries(options.fields ?? {})) {
    const known = FIELDS[resource as Resource];
    if (!known)
      throw new ContentReadSetupError(
        `contentRead(): proxy.fields.${resource} is not a listing: give articles and/or blogs.`,
      );
    const unknown = (names ?? []).find((name) => !known.includes(name));
    if (!names?.length || unknown !== undefined)
      throw new ContentReadSetupError(
        `contentRead(): proxy.fields.${resource} must list fields of ${resource} (${known.join(', ')})${unknown === undefined ? '' : `; "${unknown}" is not one`}.`,
      );
  }
  return {
    path,
    freshness: positive('freshness', options.freshness, 2000),
    cacheBytes: positive('cacheBytes', options.cacheBytes, 50_000_000),
    timeout: positive('timeout', options.timeout, 15_000),
    maxPages: options.maxPages ?? 20,
    userAgent: `content-read-astro-proxy/${LOADER_VERSION}`,
    upstream,
    sanitise: options.allowClasses ? { allowClasses: options.allowClasses } : {},
    unsafeRawHtml: options.unsafeRawHtml === true,
    // Vercel's platform writes X-Forwarded-For itself, with the visitor's address.
    ...(site.adapter === '@astrojs/vercel' ? { platformForwardedFor: true } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.blogs ? { blogs: options.blogs } : {}),
    ...(options.fields ? { fields: options.fields } : {}),
    ...(routeCache ? { routeCache: { maxAge, ...(swr ? { swr } : {}) } } : {}),
    ...(origin ? { corsOrigins: Array.isArray(origin) ? origin : [origin] } : {}),
  };
}

function checkRateLimit(limit: RateLimitOptions): void {
  const fail = (message: string) => {
    throw new ContentReadSetupError(`contentRead(): proxy.rateLimit.${message}`);
  };
  if (limit.limiter !== undefined) {
    if (typeof limit.limiter !== 'string' || !limit.limiter.trim())
      fail('limiter must name a module: a path from the project root, or a package.');
    if (limit.requests !== undefined)
      fail('requests and limiter limit two ways: keep one (the limiter counts in its own store).');
  } else if (!Number.isInteger(limit.requests) || (limit.requests ?? 0) < 1)
    fail(`requests must be a whole number ≥ 1 (got ${limit.requests}), or give a limiter.`);
  const seconds = limit.windowSeconds;
  if (seconds !== undefined && !(Number.isFinite(seconds) && seconds > 0))
    fail(`windowSeconds must be a number > 0 (got ${seconds}).`);
  if (limit.clientHeader !== undefined && !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(limit.clientHeader))
    fail(
      `clientHeader must be a header name such as "cf-connecting-ip" (got "${limit.clientHeader}").`,
    );
  if (limit.clientLocal !== undefined && !/^[A-Za-z_$][\w$]*$/.test(limit.clientLocal))
    fail(`clientLocal must be the name of an Astro.locals field (got "${limit.clientLocal}").`);
  if (limit.clientHeader !== undefined && limit.clientLocal !== undefined)
    fail('clientHeader and clientLocal name the client two ways: keep one.');
}
