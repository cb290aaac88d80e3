/**
 * The web entry: the same client as the Node entry over the platform's `fetch`, with nothing
 * but web-platform APIs (fetch, Request/Response, web streams, TextDecoder). For code that runs
 * in a deployed server (Cloudflare Workers, Vercel, Netlify, Node): no undici, no Vite, no node:*.
 */
import { type ContentReadClient, makeClient } from './client.js';
import { ConfigurationError } from './errors.js';
import { webSender } from './http/sender.js';
import type { ClientOptions } from './types.js';

export * from './exports.js';

/** The options of the web client: those of the Node client but `dispatcher` (an undici pool). */
export type WebClientOptions = Omit<ClientOptions, 'dispatcher'>;

/** A client whose requests go through `options.fetch`, else the platform's `fetch`. */
export function createClient(options: WebClientOptions): ContentReadClient {
  if (options && 'dispatcher' in options && options.dispatcher !== undefined) {
    throw new ConfigurationError('dispatcher is an option of the Node client only', {
      hint: 'Import createClient from "@content-read/core" on Node, or pass fetch to this one.',
    });
  }
  return makeClient(options, webSender);
}
