/**
 * The Node entry: the client over undici's connection pool (build-time syncs, the doctor CLI).
 * Server code that may run on Cloudflare Workers, Vercel or Netlify imports `@content-read/core/web` instead: the same client over the platform's fetch.
 */
import { type ContentReadClient, makeClient } from './client.js';
import { nodeSender } from './http/undici-sender.js';
import type { ClientOptions } from './types.js';

export * from './exports.js';

/** A client whose requests go through a pooled undici Agent (or `options.fetch`). */
export function createClient(options: ClientOptions): ContentReadClient {
  return makeClient(options, nodeSender);
}
