// The route contentRead({ proxy }) injects. Vite bundles it into the site's server, with the
// settings the integration resolved at build time (never the key: that is read at runtime).
// The build's mode and envDir reach the connection through contentRead()'s env middleware.
import settings from 'virtual:content-read/proxy-settings';
import type { APIRoute } from 'astro';
import { type Connection, resolveConnection } from '../../config/connection.js';
import { redact } from '../../config/errors.js';
import { createProxyHandler } from './handler.js';

export const prerender = false;

let connection: Promise<Connection> | undefined;
let key: string | undefined;
const connect = () => {
  connection ??= resolveConnection({}, settings.root, 'Content proxy').then(
    (conn) => {
      key = conn.apiKey;
      return conn;
    },
    (error: Error) => {
      connection = undefined; // tried again on the next request (e.g. once the variable is set)
      console.error(`[content-read] ${error.message}`);
      throw error;
    },
  );
  return connection;
};
const handle = createProxyHandler(settings, connect);

export const ALL: APIRoute = async (context) => {
  // Astro's clientAddress is a getter that throws where the adapter cannot tell (e.g.
  // @astrojs/vercel without x-forwarded-for): read it only when a rate limit asks for it.
  const { request, locals } = context;
  const response = await handle(request, { clientAddress: () => context.clientAddress, locals });
  if (response.status >= 500 && response.status !== 503) {
    const body = await response.clone().text();
    console.error(`[content-read] proxy ${new URL(request.url).pathname}: ${redact(body, key)}`);
  }
  return response;
};
