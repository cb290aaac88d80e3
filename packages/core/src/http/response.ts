/**
 * One HTTP response as the transport needs it, whichever way it was sent: undici's
 * `Dispatcher.request` (the default: Node streams, no WHATWG Request/Response objects) or an
 * injected `fetch`. Each knows how to read its body within limits, or to get rid of it.
 */
import type { Dispatcher } from 'undici';
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
