import type { AstroIntegration } from 'astro';
import { ARTICLES_LOADER_NAME, BLOGS_LOADER_NAME } from '../config/version.js';

export interface RefreshWebhookOptions {
  /** Path of the endpoint on the dev server. Default `/_content-read/refresh`. */
  path?: string;
  /**
   * Shared secret the caller sends as `Authorization: Bearer <secret>`.
   * Default: `CONTENT_REFRESH_SECRET`; when neither is set, any POST is accepted (dev only).
   */
  secret?: string;
}

/**
 * An integration for `astro dev`: `POST /_content-read/refresh` (e.g. a CMS webhook)
 * re-syncs the blogs and articles collections through Astro's `refreshContent`, so the
 * dev server shows new content without a restart. It does nothing in `astro build`.
 */
export function contentReadRefresh(options: RefreshWebhookOptions = {}): AstroIntegration {
  const path = options.path ?? '/_content-read/refresh';
  return {
    name: 'content-read-refresh',
    hooks: {
      'astro:server:setup': ({ server, refreshContent, logger }) => {
        const secret = options.secret ?? process.env.CONTENT_REFRESH_SECRET;
        server.middlewares.use(path, (req, res, next) => {
          if (req.method !== 'POST') return next();
          if (secret && req.headers.authorization !== `Bearer ${secret}`) {
            res.statusCode = 401;
            return res.end('{"error":"unauthorized"}');
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
              res.setHeader('content-type', 'application/json');
              res.end('{"refreshed":true}');
            })
            .catch((error: Error) => {
              logger.error(`content refresh failed: ${error.message}`);
              res.statusCode = 500;
              res.end(JSON.stringify({ error: error.message }));
            });
        });
      },
    },
  };
}
