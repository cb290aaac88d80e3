/**
 * The build-time sender: undici's `Dispatcher.request` over a pooled Agent (Node streams, no
 * WHATWG Request/Response or web streams, which cost more than the JSON parse). Node only:
 * runtime code uses core's `web` entry, which never imports this file.
 *
 * undici is imported on the first request, not with this module: on a Node.js older than it
 * supports it throws while loading, and the loaders' start-up check of the Node version must get
 * to say what to install first.
 */
import type { Agent, Dispatcher } from 'undici';
import type { ResolvedOptions } from '../options.js';
import { fetchSender, type RawResponse, type Sender } from './sender.js';
import { discardStream, readStreamText } from './stream-body.js';

/** The sender a Node client uses: an injected fetch if there is one, else undici's own pool. */
export function nodeSender(o: ResolvedOptions): Sender {
  if (o.fetch)
    return fetchSender(o.fetch, o.dispatcher ? ({ dispatcher: o.dispatcher } as RequestInit) : {});
  let agent: Promise<Agent> | undefined;
  const pool = (): Promise<Dispatcher> => {
    if (o.dispatcher) return Promise.resolve(o.dispatcher);
    agent ??= import('undici').then(
      (undici) =>
        new undici.Agent({
          connections: o.concurrency,
          keepAliveTimeout: 10_000,
          connect: { timeout: o.timeouts.connect },
          headersTimeout: o.timeouts.headers,
          bodyTimeout: o.timeouts.body,
        }),
    );
    return agent;
  };
  return {
    async send(url, headers, signal) {
      const data = await (await pool()).request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // fetch asks for compressed bodies by itself; here we ask, and stream-body.ts decodes.
        headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
        signal,
      });
      return fromDispatcher(data);
    },
    close: async () => {
      await (await agent)?.close();
    },
  };
}

function fromDispatcher(data: Dispatcher.ResponseData): RawResponse {
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
