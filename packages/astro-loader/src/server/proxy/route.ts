// The route contentRead({ proxy }) injects. Vite bundles it into the site's server, with the
// settings the integration resolved at build time (never the key: the server's variables are
// read at run time, through contentRead()'s middleware, on whatever platform serves the site).
import sharedLimiter from 'virtual:content-read/proxy-limiter';
import settings from 'virtual:content-read/proxy-settings';
import type { APIRoute } from 'astro';
import { type Connection, runtimeConnection } from '../../shared/connection.js';
import { redact } from '../../shared/errors.js';
import { createProxyHandler } from './handler.js';

export const prerender = false;

let key: string | undefined;
/** The server's connection, from its variables; the key is remembered for the redactor. */
function readConnection(): Connection {
  const conn = runtimeConnection({}, 'Content proxy', () => '');
  key = conn.apiKey;
  return conn;
}
// Read on every request until it succeeds: a variable set later (a secret added) is picked up.
// What is missing is logged by the handler, once per window.
const connect = async (): Promise<Connection> => readConnection();
// Every line the handler logs goes through the redactor: a line may quote what the site's own
// limiter threw, and nothing says that never holds the key. The limiter runs before the first
// connection, so the key is read here too.
const log = (line: string) => {
  if (key === undefined) {
    try {
      readConnection();
    } catch {
      // No key in the environment: none to leak.
    }
  }
  console.error(redact(line, key));
};
const handle = createProxyHandler(settings, connect, log, sharedLimiter);

export const ALL: APIRoute = (context) => {
  // Astro's clientAddress is a getter that throws where the adapter cannot tell (e.g.
  // @astrojs/vercel without x-forwarded-for): read it only when a rate limit asks for it.
  const { request, locals, cache } = context;
  return handle(request, { clientAddress: () => context.clientAddress, locals, cache });
};
