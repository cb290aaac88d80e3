import { parseAuthorization } from './auth.js';
import { emptyFaultCounts, type FaultInjector } from './faults.js';
import { DISCOVERY, ListingCache } from './listings.js';
import {
  ALLOW,
  CORS_HEADERS,
  errorRepresentation,
  etagMatches,
  type FaultKind,
  JSON_TYPE,
  type Outcome,
  PREFLIGHT_HEADERS,
  PRIVATE_CACHE_HEADERS,
  type Representation,
  type RouteName,
} from './outcome.js';
import { parseListQuery } from './query.js';
import type { RateLimiter } from './rate-limit.js';
import type { DataStore } from './store.js';

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

const MESSAGES = {
  missing_token:
    'This endpoint needs an API key: send the header `Authorization: Bearer <API_KEY>`.',
  invalid_authorization:
    'The Authorization header must be exactly `Bearer <API_KEY>`: the word Bearer, one space, then the key ' +
    '(letters, digits, - . _ ~ + / and trailing =).',
  invalid_token:
    'The API key is not valid. It may be mistyped or revoked; check the key you configured.',
  not_found_path: 'There is no resource at this path. GET /api/v1 lists the resources.',
  not_found_blog:
    'No blog matches the `blog` parameter. Use the id or slug of a blog listed by GET /api/v1/blogs.',
  method_not_allowed: 'The Content Read API is read-only: use GET, HEAD or OPTIONS.',
  internal: 'The server failed to answer (injected fault). Retry the request.',
} as const;

/** The one implementation of api-v1.md. Synchronous: faces carry out delays and cut bodies. */
export class Handler {
  readonly listings = new ListingCache();
  faultCounts = emptyFaultCounts();

  constructor(private readonly parts: HandlerParts) {}

  respond(req: CoreRequest): Outcome {
    const { path, search } = splitTarget(req.target);
    const route = routeOf(path);
    const inApi = route !== null || path.startsWith('/api/v1/');
    const method = req.method;
    const isHead = method === 'HEAD';
    if (!inApi)
      return error(404, 'not_found', MESSAGES.not_found_path, isHead, null, {
        'cache-control': 'no-store',
      });
    if (method === 'OPTIONS') return preflight(route);
    if (method !== 'GET' && !isHead) {
      return error(405, 'method_not_allowed', MESSAGES.method_not_allowed, false, route, {
        allow: ALLOW,
        'cache-control': 'no-store',
      });
    }
    if (route === null)
      return error(404, 'not_found', MESSAGES.not_found_path, isHead, null, {
        'cache-control': 'no-store',
      });

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
          at: decision?.rule.stallAt ?? 'body',
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
    for (const f of faults) this.faultCounts[f]++;
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
    const scope = store.scopeFor(key);
    let blogId: string | undefined;
    if (query.blog !== undefined) {
      blogId = scope.blogByRef.get(query.blog)?.id;
      if (blogId === undefined)
        return error(404, 'not_found', MESSAGES.not_found_blog, isHead, route, extra);
    }
    const page = this.listings.page(store.version, scope, route, query, blogId);
    return ok(page.rep, req, route, { ...extra, link: page.link });
  }
}

function ok(
  rep: Representation,
  req: CoreRequest,
  route: RouteName,
  extra: Record<string, string>,
): Outcome {
  const notModified = etagMatches(req.ifNoneMatch, rep.etag);
  const headers: Record<string, string> = { ...CORS_HEADERS, ...extra, etag: rep.etag };
  if (notModified) {
    return { ...base(304, headers, null, route), conditional: true, notModified: true };
  }
  headers['content-type'] = JSON_TYPE;
  headers['content-length'] = rep.length;
  const outcome = base(200, headers, req.method === 'HEAD' ? null : rep.body, route);
  outcome.conditional = req.ifNoneMatch !== null;
  return outcome;
}

function error(
  status: number,
  code: string,
  message: string,
  isHead: boolean,
  route: RouteName | null,
  extra: Record<string, string>,
): Outcome {
  const rep = errorRepresentation(status, code, message);
  const headers = {
    ...CORS_HEADERS,
    ...extra,
    'content-type': JSON_TYPE,
    'content-length': rep.length,
  };
  return base(status, headers, isHead ? null : rep.body, route);
}

function injectedError(
  kind: 'rate_limited' | 'internal' | 'unavailable',
  retryAfter: number,
  isHead: boolean,
  route: RouteName,
): Outcome {
  const cache = { 'cache-control': 'no-store' };
  if (kind === 'internal') return error(500, 'internal', MESSAGES.internal, isHead, route, cache);
  const retry = { ...cache, 'retry-after': String(retryAfter) };
  if (kind === 'unavailable') {
    return error(
      503,
      'unavailable',
      `The service is temporarily unavailable: retry after ${retryAfter} s.`,
      isHead,
      route,
      retry,
    );
  }
  return error(
    429,
    'rate_limited',
    `Too many requests: retry after ${retryAfter} s.`,
    isHead,
    route,
    retry,
  );
}

function preflight(route: RouteName | null): Outcome {
  return base(204, { ...PREFLIGHT_HEADERS, 'cache-control': 'no-store' }, null, route);
}

function base(
  status: number,
  headers: Record<string, string>,
  body: Buffer | null,
  route: RouteName | null,
): Outcome {
  return {
    status,
    headers,
    body,
    route,
    delivery: { delayMs: 0 },
    conditional: false,
    notModified: false,
    faults: [],
  };
}

/** Path and query of a request target; absolute-form (`http://host/path`) is reduced to its path. */
export function splitTarget(target: string): { path: string; search: string } {
  let t = target;
  if (!t.startsWith('/')) {
    const scheme = t.indexOf('://');
    const slash = scheme === -1 ? -1 : t.indexOf('/', scheme + 3);
    t = slash === -1 ? '/' : t.slice(slash);
  }
  const q = t.indexOf('?');
  const hash = t.indexOf('#');
  const end = hash === -1 ? t.length : hash;
  return q === -1 || q > end
    ? { path: t.slice(0, end), search: '' }
    : { path: t.slice(0, q), search: t.slice(q + 1, end) };
}

function routeOf(path: string): RouteName | null {
  switch (path) {
    case '/api/v1':
    case '/api/v1/':
      return 'discovery';
    case '/api/v1/blogs':
    case '/api/v1/blogs/':
      return 'blogs';
    case '/api/v1/articles':
    case '/api/v1/articles/':
      return 'articles';
    default:
      return null;
  }
}
