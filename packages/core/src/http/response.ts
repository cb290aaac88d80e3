/**
 * One HTTP response as the transport needs it, whichever way it was sent: undici's
 * `Dispatcher.request` (the default: Node streams, no WHATWG Request/Response objects) or an
 * injected `fetch`. Each knows how to read its body within limits, or to get rid of it.
 */
import type { Dispatcher } from 'undici';
import type { FetchLike } from '../types.js';
import { discardBody, type ReadLimits, readBodyText } from './body.js';
import { discardStream, readStreamText } from './stream-body.js';

export interface RawResponse {
  status: number;
  headers: Headers;
  /** The whole body as text, within `limits`; destroys the body on any failure. */
  text(limits: ReadLimits): Promise<string>;
  /** Drains a small body (so the socket can be reused) or destroys it; never throws. */
  discard(idleMs: number): Promise<void>;
}

export function fromFetch(res: Response): RawResponse {
  return {
    status: res.status,
    headers: res.headers,
    text: (limits) => readBodyText(res, limits),
    discard: () => discardBody(res),
  };
}

export function fromDispatcher(data: Dispatcher.ResponseData): RawResponse {
  let headers: Headers;
  try {
    headers = toHeaders(data.headers);
  } catch (error) {
    data.body.on('error', () => {}).destroy(); // nobody will read it: free the socket
    throw error;
  }
  return {
    status: data.statusCode,
    headers,
    text: (limits) => readStreamText(data.body, data.headers, limits),
    discard: (idleMs) => discardStream(data.body, idleMs),
  };
}

function toHeaders(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers();
  for (const name in raw) {
    const value = raw[name];
    if (typeof value === 'string') headers.append(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return headers;
}

/**
 * Sends one GET. Without an injected fetch: undici's `Dispatcher.request` (Node streams; no
 * WHATWG Request/Response or web streams, which cost more than the JSON parse). Redirects are
 * never followed here (no redirect interceptor, `redirect: 'manual'`): the transport sees every 3xx.
 */
export async function sendOnce(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  fetch: FetchLike | undefined,
  dispatcher: Dispatcher | undefined,
): Promise<RawResponse> {
  if (fetch === undefined && dispatcher !== undefined) {
    const data = await dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      // fetch asks for compressed bodies by itself; here we ask, and stream-body.ts decodes.
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
      signal,
    });
    return fromDispatcher(data);
  }
  if (fetch === undefined) throw new Error('a transport needs a dispatcher or a fetch');
  const init = { method: 'GET', headers, signal, redirect: 'manual' as const };
  const res = await fetch(url.href, dispatcher ? ({ ...init, dispatcher } as RequestInit) : init);
  return fromFetch(res);
}
