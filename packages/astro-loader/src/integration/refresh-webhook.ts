import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AstroIntegration } from 'astro';
import { ARTICLES_LOADER_NAME, BLOGS_LOADER_NAME } from '../config/version.js';

export interface RefreshWebhookOptions {
  /** Path of the endpoint on the dev server. Default `/_content-read/refresh`. */
  path?: string;
  /**
   * Shared secret the caller sends as `Authorization: Bearer <secret>`.
   * Default: `CONTENT_REFRESH_SECRET`. Without one, only requests from loopback are accepted.
   */
  secret?: string;
}

type ServerSetup = NonNullable<AstroIntegration['hooks']['astro:server:setup']>;

/**
 * The `astro:server:setup` hook of the refresh webhook: `POST <path>` (e.g. from a CMS) re-syncs
 * the blogs and articles collections through Astro's `refreshContent`, so `astro dev` shows new
 * content without a restart. `astro build` never runs it.
 */
export function refreshWebhook(options: RefreshWebhookOptions = {}): ServerSetup {
  const path = options.path ?? '/_content-read/refresh';
  return ({ server, refreshContent, logger }) => {
    const secret = options.secret ?? process.env.CONTENT_REFRESH_SECRET;
    server.middlewares.use(path, (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      if (req.method !== 'POST') return next();
      res.setHeader('content-type', 'application/json');
      if (
        secret
          ? !bearerMatches(req.headers.authorization, secret)
          : !isLoopbackAddress(req.socket.remoteAddress)
      ) {
        res.statusCode = secret ? 401 : 403;
        return res.end(
          secret
            ? '{"error":"unauthorized"}'
            : '{"error":"forbidden: without a secret (CONTENT_REFRESH_SECRET) only loopback may refresh"}',
        );
      }
      if (!refreshContent) {
        res.statusCode = 501;
        return res.end('{"error":"content layer not available"}');
      }
      refreshContent({
        loaders: [BLOGS_LOADER_NAME, ARTICLES_LOADER_NAME],
        context: { webhook: true },
      })
        .then(() => {
          logger.info('content refreshed by webhook');
          res.end('{"refreshed":true}');
        })
        .catch((error: Error) => {
          logger.error(`content refresh failed: ${error.message}`);
          res.statusCode = 500;
          res.end(JSON.stringify({ error: error.message }));
        });
    });
  };
}

/**
 * Compares in constant time: both sides are hashed to the same length first, so neither the
 * content nor the length of the secret shows in the timing.
 */
export function bearerMatches(header: string | undefined, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${secret}`));
}

/** Whether a socket's remote address is this machine (IPv4, IPv6, IPv4-mapped IPv6). */
export function isLoopbackAddress(remote: string | undefined): boolean {
  const address = (remote ?? '').replace(/^::ffff:/, '');
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/**
 * The refresh webhook alone, as before contentRead() existed. Same as
 * `contentRead({ refresh: options })`; kept so existing configs keep working.
 */
export function contentReadRefresh(options: RefreshWebhookOptions = {}): AstroIntegration {
  return { name: 'content-read-refresh', hooks: { 'astro:server:setup': refreshWebhook(options) } };
}
