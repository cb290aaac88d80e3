/**
 * How one GET goes on the wire, behind the transport. Two senders share everything above them
 * (retries, paging, validation, redaction): `fetchSender` (this file: web platform only, for
 * servers that may be Cloudflare Workers, Vercel, Netlify or Node) and `undiciSender`
 * (undici-sender.ts: pooled Node sockets for build-time syncs, what B2 measures).
 */
import type { ResolvedOptions } from '../options.js';
import type { FetchLike } from '../types.js';
import { discardBody, type ReadLimits, readBodyText } from './body.js';

export interface RawResponse {
  status: number;
  headers: Headers;
  /** The whole body as text, within `limits`; destroys the body on any failure. */
  text(limits: ReadLimits): Promise<string>;
  /** Drains a small body (so the socket can be reused) or destroys it; never throws. */
  discard(idleMs: number): Promise<void>;
}

export interface Sender {
  /** Sends one GET; redirects are never followed here: the transport sees every 3xx. */
  send(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<RawResponse>;
  /** Releases pooled connections, if the sender has any. */
  close(): Promise<void>;
}

/** A sender over `fetch` (the platform's, or one injected): Request/Response and web streams. */
export function fetchSender(fetch: FetchLike, extra: RequestInit = {}): Sender {
  return {
    async send(url, headers, signal) {
      const res = await fetch(url.href, {
        ...extra,
        method: 'GET',
        headers,
        signal,
        redirect: 'manual',
      });
      return fromFetch(res);
    },
    close: async () => {},
  };
}

/** The web client's sender: the client's `fetch` option, else the platform's `fetch`. */
export function webSender(o: ResolvedOptions): Sender {
  return fetchSender(o.fetch ?? globalThis.fetch.bind(globalThis));
}

export function fromFetch(res: Response): RawResponse {
  return {
    status: res.status,
    headers: res.headers,
    text: (limits) => readBodyText(res, limits),
    discard: () => discardBody(res),
  };
}
