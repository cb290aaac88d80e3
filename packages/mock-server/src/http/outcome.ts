import { createHash } from 'node:crypto';

/** An API route of the mock: what per-route fault rules are keyed by, and a request's `route`. */
export type RouteName = 'discovery' | 'blogs' | 'articles';

/**
 * A kind of fault injected into a response, as `RequestRecord.faults` and `MockStats.faults`
 * name it.
 */
export type FaultKind =
  | 'latency'
  | 'rate_limited'
  | 'internal'
  | 'unavailable'
  | 'reset'
  | 'truncate'
  | 'stall';

/** A fault the faces must carry out while sending (the core only decides it). */
export interface Delivery {
  /** Wait this long before answering (latency fault). */
  delayMs: number;
  /** Cut the body: `reset` drops the connection after part of it; `truncate` sends part as if whole. */
  cut?: 'reset' | 'truncate' | undefined;
  /** Pause `stallMs` before the headers or in the middle of the body. */
  stall?: { at: 'headers' | 'body'; ms: number } | undefined;
}

/** What the behaviour decided for one request, before any face turns it into bytes on a wire. */
export interface Outcome {
  status: number;
  headers: Record<string, string>;
  /** null for HEAD, 204 and 304. */
  body: Buffer | null;
  route: RouteName | null;
  delivery: Delivery;
  conditional: boolean;
  notModified: boolean;
  faults: FaultKind[];
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Section 8: on every response, errors included. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Link, Retry-After, WWW-Authenticate',
};

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, If-None-Match',
  'access-control-max-age': '600',
};

/** Section 1: responses that depend on the key. */
export const PRIVATE_CACHE_HEADERS: Readonly<Record<string, string>> = {
  vary: 'Authorization',
  'cache-control': 'private, no-cache',
};

export const ALLOW = 'GET, HEAD, OPTIONS';

/** A strong validator: a digest of the exact bytes sent. */
export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** A serialised JSON body with its ETag, computed once and reused for every request that wants it. */
export interface Representation {
  body: Buffer;
  etag: string;
  length: string;
}

export function represent(json: string): Representation {
  const body = Buffer.from(json, 'utf8');
  return { body, etag: strongEtag(body), length: String(body.length) };
}

const errorBodies = new Map<string, Representation>();

/** Section 7's error body, cached: messages never contain anything taken from the request. */
export function errorRepresentation(status: number, code: string, message: string): Representation {
  const cacheKey = `${status}\u0000${code}\u0000${message}`;
  let rep = errorBodies.get(cacheKey);
  if (rep === undefined) {
    rep = represent(JSON.stringify({ error: { status, code, message } }));
    if (errorBodies.size < 1000) errorBodies.set(cacheKey, rep);
  }
  return rep;
}

/** The first half of a body (at least one byte): what a cut or stalled delivery sends first. */
export function half(body: Buffer): Buffer {
  return body.subarray(0, Math.max(1, Math.floor(body.length / 2)));
}
