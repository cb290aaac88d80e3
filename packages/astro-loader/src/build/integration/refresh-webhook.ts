import type { IncomingMessage, ServerResponse } from 'node:http';
import { readEnvVariables } from '@content-read/core/internal/node';
import type { AstroIntegration } from 'astro';
import { bearerMatches } from '../../server/http.js';
import { ARTICLES_LOADER_NAME, BLOGS_LOADER_NAME } from '../../shared/version.js';
import { envContext } from '../config/env.js';

/**
 * The `astro dev` refresh webhook (`contentRead({ refresh })`): `POST` re-syncs the blogs and
 * articles collections. Where it answers, and the secret it checks.
 */
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
type SetupParams = Parameters<ServerSetup>[0];

export const SECRET_VARIABLE = 'CONTENT_REFRESH_SECRET';

/**
 * The `astro:server:setup` hook of the refresh webhook: `POST <path>` (e.g. from a CMS) re-syncs
 * the blogs and articles collections through Astro's `refreshContent`, so `astro dev` shows new
 * content without a restart. `astro build` never runs it.
 */
export function refreshWebhook(options: RefreshWebhookOptions = {}): ServerSetup {
  const path = options.path ?? '/_content-read/refresh';
  return ({ server, refreshContent, logger }) => {
    // Read as the other variables are (process, then .env files of this mode and envDir).
    const secret = options.secret
      ? Promise.resolve(options.secret)
      : readEnvVariables([SECRET_VARIABLE], envContext()).then((v) => v[SECRET_VARIABLE]);
    server.middlewares.use(path, refreshHandler({ secret, refreshContent, logger }));
  };
}

/** The webhook's request handler (a connect middleware). */
export function refreshHandler(setup: {
  secret: Promise<string | undefined>;
  refreshContent: SetupParams['refreshContent'];
  logger: Pick<SetupParams['logger'], 'info' | 'error'>;
}) {
  const { refreshContent, logger } = setup;
  return async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== 'POST') return next();
    res.setHeader('content-type', 'application/json');
    let secret: string | undefined;
    try {
      secret = await setup.secret;
    } catch (error) {
      res.statusCode = 500;
      return res.end(JSON.stringify({ error: (error as Error).message }));
    }
    if (secret && !(await bearerMatches(req.headers.authorization, secret))) {
      res.statusCode = 401;
      return res.end('{"error":"unauthorized"}');
    }
    if (!secret && !(isLoopbackAddress(req.socket.remoteAddress) && !isFromWebPage(req))) {
      res.statusCode = 403;
      return res.end(
        `{"error":"forbidden: without a secret (${SECRET_VARIABLE}) only loopback tools, not web pages, may refresh"}`,
      );
    }
    if (!refreshContent) {
      res.statusCode = 501;
      return res.end('{"error":"content layer not available"}');
    }
    try {
      await refreshContent({
        loaders: [BLOGS_LOADER_NAME, ARTICLES_LOADER_NAME],
        context: { webhook: true },
      });
      logger.info('content refreshed by webhook');
      res.end('{"refreshed":true}');
    } catch (error) {
      logger.error(`content refresh failed: ${(error as Error).message}`);
      res.statusCode = 500;
      res.end(JSON.stringify({ error: (error as Error).message }));
    }
  };
}

/**
 * Whether a browser sent the request from another site: any page the developer visits can POST
 * to loopback (no-cors), so without a secret only same-origin or non-browser callers may refresh.
 */
export function isFromWebPage(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true; // `Origin: null` (sandboxed frames, file://) and anything unparsable
  }
}

/** Whether a socket's remote address is this machine (IPv4, IPv6, IPv4-mapped IPv6). */
export function isLoopbackAddress(remote: string | undefined): boolean {
  const address = (remote ?? '').replace(/^::ffff:/, '');
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}
