import { ScopeCache } from '../data/scope.js';
import type { DataStore } from '../data/store.js';
import { parseAuthorization } from './auth.js';
import type { FaultInjector } from './faults.js';
import { DISCOVERY, ListingCache } from './listings.js';
import { type FaultKind, type Outcome, PRIVATE_CACHE_HEADERS } from './outcome.js';
import { parseListQuery } from './query.js';
import type { RateLimiter } from './rate-limit.js';
import {
  error,
  injectedError,
  MESSAGES,
  METHOD_NOT_ALLOWED_HEADERS,
  NO_STORE,
  ok,
  preflight,
} from './responses.js';
import { routeOf, splitTarget } from './routes.js';

/** The parts of a request the behaviour looks at; faces fill it from whatever they receive. */
export interface CoreRequest {
  method: string;
  /** Request target as sent: path and query, not decoded (absolute-form is accepted too). */
  target: string;
  authorization: string | null;
  ifNoneMatch: string | null;
}

export interface HandlerParts {
  store: DataStore;
  faults: FaultInjector | undefined;
  rateLimiter: RateLimiter | undefined;
}

/** The one implementation of the API contract. Synchronous: faces carry out delays and cut bodies. */
export class Handler {
  readonly #scopes: ScopeCache;
  readonly #listings: ListingCache;

  constructor(private readonly parts: HandlerParts) {
    this.#scopes = new ScopeCache(parts.store);
    this.#listings = new ListingCache(() => parts.store.version);
  }

  /** Never throws: a bug in the mock becomes a 500 `internal` with CORS, not a crashed process. */
  respond(req: CoreRequest): Outcome {
    try {
      return this.decide(req);
    } catch {
      return error(500, 'internal', MESSAGES.bug, req.method === 'HEAD', null, NO_STORE);
    }
  }

  private decide(req: CoreRequest): Outcome {
    const { path, search } = splitTarget(req.target);
    const route = routeOf(path);
    const inApi = route !== null || path.startsWith('/api/v1/');
    const method = req.method;
    const isHead = method === 'HEAD';
    if (!inApi) return error(404, 'not_found', MESSAGES.not_found_path, isHead, null, NO_STORE);
    if (method === 'OPTIONS') return preflight(route);
    if (method !== 'GET' && !isHead) {
      const { method_not_allowed } = MESSAGES;
      return error(
        405,
        'method_not_allowed',
        method_not_allowed,
        false,
        route,
        METHOD_NOT_ALLOWED_HEADERS,
      );
    }
    if (route === null)
      return error(404, 'not_found', MESSAGES.not_found_path, isHead, null, NO_STORE);

    const faults: FaultKind[] = [];
    const decision = this.parts.faults?.decide(route);
    const delayMs = decision?.delayMs ?? 0;
    if (delayMs > 0) faults.push('latency');
    const kind = decision?.kind;
    let outcome: Outcome;
    if (kind === 'rate_limited' || kind === 'unavailable' || kind === 'internal') {
      faults.push(kind);
      outcome = injectedError(kind, decision?.rule.retryAfterSeconds ?? 1, isHead, route);
    } else {
      outcome =
        route === 'discovery'
          ? ok(DISCOVERY, req, route, { 'cache-control': 'no-cache' })
          : this.protectedRoute(route, req, search);
      if (kind === 'stall') {
        faults.push('stall');
        outcome.delivery.stall = {
          // a response without a body can only stall before its headers
          at: outcome.body === null ? 'headers' : (decision?.rule.stallAt ?? 'body'),
          ms: decision?.rule.stallMs ?? 30_000,
        };
      } else if (
        (kind === 'reset' || kind === 'truncate') &&
        outcome.body !== null &&
        outcome.body.length > 1
      ) {
        faults.push(kind);
        outcome.delivery.cut = kind;
      }
    }
    outcome.delivery.delayMs = delayMs;
    outcome.faults = faults;
    return outcome;
  }

  private protectedRoute(route: 'blogs' | 'articles', req: CoreRequest, search: string): Outcome {
    const isHead = req.method === 'HEAD';
    const auth = parseAuthorization(req.authorization);
    if (!auth.ok) {
      return error(401, auth.code, MESSAGES[auth.code], isHead, route, {
        ...PRIVATE_CACHE_HEADERS,
        'www-authenticate': 'Bearer realm="content-read"',
      });
    }
    const { store, rateLimiter } = this.parts;
    const key = store.keyForToken(auth.token);
    if (key === undefined || key.revoked) {
      return error(401, 'invalid_token', MESSAGES.invalid_token, isHead, route, {
        ...PRIVATE_CACHE_HEADERS,
        'www-authenticate': 'Bearer realm="content-read", error="invalid_token"',
      });
    }
    let limitHeaders: Record<string, string> = {};
    if (rateLimiter !== undefined) {
      const limit = rateLimiter.take(key.id);
      limitHeaders = limit.headers;
      if (!limit.allowed) {
        const s = limit.retryAfterSeconds;
        return error(
          429,
          'rate_limited',
          `Too many requests for this key: retry after ${s} s.`,
          isHead,
          route,
          {
            ...PRIVATE_CACHE_HEADERS,
            ...limitHeaders,
            'retry-after': String(s),
          },
        );
      }
    }
    const extra = { ...PRIVATE_CACHE_HEADERS, ...limitHeaders };
    const query = parseListQuery(search, route === 'articles');
    if ('code' in query) return error(400, query.code, query.message, isHead, route, extra);
    const scope = this.#scopes.forKey(key);
    let blogId: string | undefined;
    if (query.blog !== undefined) {
      blogId = scope.blogByRef.get(query.blog)?.id;
      if (blogId === undefined)
        return error(404, 'not_found', MESSAGES.not_found_blog, isHead, route, extra);
    }
    const page = this.#listings.page(scope, route, query, blogId);
    return ok(page.rep, req, route, { ...extra, link: page.link });
  }
}
