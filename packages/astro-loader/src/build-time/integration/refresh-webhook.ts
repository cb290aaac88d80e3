import type { IncomingMessage, ServerResponse } from 'node:http';
import { readEnvVariables } from '@content-read/core/internal/node';
import type { AstroIntegration } from 'astro';
import { bearerMatches, errorBody, JSON_HEADERS } from '../../server/http.js';
import { describeCause, redact } from '../../shared/errors.js';
import { ARTICLES_LOADER_NAME, BLOGS_LOADER_NAME } from '../../shared/version.js';
import { envContext } from '../config/env.js';
import { REFRESH_ERRORS, type RefreshErrorCode } from './refresh-error-codes.js';

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

/** A JSON answer with the routes' headers (server/http.ts): typed, and no cache keeps it. */
function sendJson(
  res: ServerResponse,
  status: number,
  body: object,
  headers?: Record<string, string>,
): void {
  res.writeHead(status, { ...JSON_HEADERS, ...headers }).end(JSON.stringify(body));
}

/** An error answer in the routes' shape, its status taken from the code. */
function sendError(
  res: ServerResponse,
  code: RefreshErrorCode,
  message: string,
  headers?: Record<string, string>,
): void {
  const status = REFRESH_ERRORS[code];
  sendJson(res, status, errorBody(status, code, message), headers);
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
    let secret: string | undefined;
    try {
      secret = await setup.secret;
    } catch (error) {
      return sendError(
        res,
        'secret_unreadable',
        `Could not read ${SECRET_VARIABLE}: ${describeCause(error)} Fix the .env files or set it in the environment, then restart astro dev.`,
      );
    }
    if (secret && !(await bearerMatches(req.headers.authorization, secret)))
      return sendError(
        res,
        'unauthorized',
        `Send Authorization: Bearer <${SECRET_VARIABLE}> (or the secret of the refresh option).`,
        { 'www-authenticate': 'Bearer' },
      );
    if (!secret) {
      const why = !isLoopbackAddress(req.socket.remoteAddress)
        ? 'the request came from another machine'
        : isFromWebPage(req)
          ? 'a web page sent the request'
          : undefined;
      if (why)
        return sendError(
          res,
          'forbidden',
          `No ${SECRET_VARIABLE} is set and ${why}: without a secret only tools on this machine may refresh. Set ${SECRET_VARIABLE} and send it as Authorization: Bearer <secret>.`,
        );
    }
    if (!refreshContent)
      return sendError(
        res,
        'refresh_unavailable',
        'This dev server gives integrations no refreshContent, so the collections cannot sync again: restart astro dev to show new content.',
      );
    try {
      await refreshContent({
        loaders: [BLOGS_LOADER_NAME, ARTICLES_LOADER_NAME],
        context: { webhook: true },
      });
      logger.info('content refreshed by webhook');
      sendJson(res, 200, { refreshed: true });
    } catch (error) {
      logger.error(`content refresh failed: ${(error as Error).message}`);
      sendError(
        res,
        'refresh_failed',
        `The refresh failed: ${redact(describeCause(error), secret)} Fix that and POST again (the astro dev log has the error too).`,
      );
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
