import { etagMatches } from '@content-read/core/internal';
import {
  ALLOW,
  CORS_HEADERS,
  errorRepresentation,
  JSON_TYPE,
  type Outcome,
  PREFLIGHT_HEADERS,
  type Representation,
  type RouteName,
} from './outcome.js';

/** Fixed error messages: nothing taken from the request ever goes into one (no token, no echo). */
export const MESSAGES = {
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
  bug: 'The mock server failed on this request. This is a bug in @content-read/mock-server; please report it.',
} as const;

/** What decides HEAD (no body) and 304 (If-None-Match) for a success response. */
export interface Conditional {
  method: string;
  ifNoneMatch: string | null;
}

export function ok(
  rep: Representation,
  req: Conditional,
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

export function error(
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

export function injectedError(
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

export function preflight(route: RouteName | null): Outcome {
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

export const NO_STORE: Readonly<Record<string, string>> = { 'cache-control': 'no-store' };
export const METHOD_NOT_ALLOWED_HEADERS: Readonly<Record<string, string>> = {
  allow: ALLOW,
  ...NO_STORE,
};
