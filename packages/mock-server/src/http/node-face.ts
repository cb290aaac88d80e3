import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { DatasetEdits } from '../data/edits.js';
import { answerEdit } from './edit-face.js';
import type { Handler } from './handler.js';
import type { ImageRoute } from './image-route.js';
import {
  ALLOW,
  CORS_HEADERS,
  errorRepresentation,
  half,
  JSON_TYPE,
  type Outcome,
} from './outcome.js';
import type { RequestLog } from './request-log.js';

/** Options of `server.listen()`: where its node:http server listens, and whether it takes edits. */
export interface ListenOptions {
  /** Default 0: an ephemeral port, so parallel test runs never collide. */
  port?: number;
  /** Default 127.0.0.1: loopback only unless told otherwise. */
  host?: string;
  /**
   * Also accept edits over HTTP (`PATCH /__mock/articles/<id>`, `/__mock/blogs/<id>`), e.g. for
   * a demo. Anyone who reaches the server can then change its data. Default false.
   */
  editable?: boolean;
}

/**
 * A mock listening on a port, as `listen()` returns it: its API base URL, its port, and
 * `close()`.
 */
export interface RunningServer {
  /** e.g. http://127.0.0.1:40123/api/v1 */
  baseUrl: string;
  port: number;
  /** Stops listening, ends open connections and pending stalls. */
  close(): Promise<void>;
}

/** What the node:http face serves from. */
export interface NodeFaceParts {
  handler: Handler;
  log: RequestLog;
  images: ImageRoute;
  edits?: DatasetEdits;
  /**
   * Told the server's origin (that of `baseUrl`) as soon as it listens, before any request is
   * read: the mock rewrites its datasets' placeholder origin to it (see data/mock-origin.ts).
   */
  onListening?: (origin: string) => void;
}

/** The node:http face: writes the core's stored bytes straight to the socket. */
export async function listenNode(
  parts: NodeFaceParts,
  options: ListenOptions = {},
): Promise<RunningServer> {
  const { handler, log, images } = parts;
  const editable = options.editable === true ? parts.edits : undefined;
  const host = options.host ?? '127.0.0.1';
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, res: ServerResponse, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
    res.once('close', () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  };

  const server: Server = createServer(
    { keepAliveTimeout: 5000 },
    (req: IncomingMessage, res: ServerResponse) => {
      if (editable && answerEdit(req, res, editable)) return;
      const method = req.method ?? 'GET';
      const target = req.url ?? '/';
      if (images.owns(target)) {
        const { ifNoneMatch } = credentials(req.rawHeaders);
        // Each image answer closes its connection. Image fetchers keep no retry (Astro's
        // image service fails the build on a failed fetch), and a kept-alive socket can be
        // taken up again just as this server times it out, when the fetcher's event loop is
        // busy (a build rendering pages): a fresh connection per image cannot be stale.
        res.shouldKeepAlive = false;
        void images.answer(method, target, ifNoneMatch).then((image) => {
          if (!res.destroyed) send(image, res, later);
        });
        return;
      }
      const started = performance.now();
      const outcome = handler.respond({ method, target, ...credentials(req.rawHeaders) });
      const record = log.begin(method, target, outcome);
      res.once('close', () => log.end(record, performance.now() - started));
      const { delayMs, stall } = outcome.delivery;
      const headerWait = delayMs + (stall?.at === 'headers' ? stall.ms : 0);
      if (headerWait > 0) later(headerWait, res, () => send(outcome, res, later));
      else send(outcome, res, later);
    },
  );
  server.on('clientError', answerUnparsable);
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    socket.end(
      rawError(
        405,
        'method_not_allowed',
        'The Content Read API is read-only: use GET, HEAD or OPTIONS.',
      ),
    );
  });

  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      // Here, in the listening callback, no connection has been read yet.
      parts.onListening?.(`http://${hostInUrl}:${port}`);
      resolve(port);
    });
  });
  return {
    baseUrl: `http://${hostInUrl}:${port}/api/v1`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(
  outcome: Outcome,
  res: ServerResponse,
  later: (ms: number, res: ServerResponse, fn: () => void) => void,
): void {
  const { body, delivery } = outcome;
  if (body === null) {
    res.writeHead(outcome.status, outcome.headers).end();
    return;
  }
  if (delivery.cut === 'truncate') {
    const part = half(body);
    res
      .writeHead(outcome.status, { ...outcome.headers, 'content-length': String(part.length) })
      .end(part);
  } else if (delivery.cut === 'reset') {
    res.writeHead(outcome.status, outcome.headers);
    res.write(half(body), () => res.socket?.resetAndDestroy());
  } else if (delivery.stall?.at === 'body') {
    const first = half(body);
    res.writeHead(outcome.status, outcome.headers).write(first);
    later(delivery.stall.ms, res, () => res.end(body.subarray(first.length)));
  } else {
    res.writeHead(outcome.status, outcome.headers).end(body);
  }
}

/** Authorization and If-None-Match from raw headers; repeated headers are joined, so they fail parsing. */
function credentials(raw: string[]): { authorization: string | null; ifNoneMatch: string | null } {
  let authorization: string | null = null;
  let ifNoneMatch: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 13 && name.toLowerCase() === 'authorization') {
      const value = raw[i + 1] as string;
      authorization = authorization === null ? value : `${authorization}, ${value}`;
    } else if (name.length === 13 && name.toLowerCase() === 'if-none-match') {
      const value = raw[i + 1] as string;
      ifNoneMatch = ifNoneMatch === null ? value : `${ifNoneMatch}, ${value}`;
    }
  }
  return { authorization, ifNoneMatch };
}

/** Requests Node's parser refuses (odd methods, huge headers, garbage) still get a JSON error with CORS. */
function answerUnparsable(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const answer =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? rawError(
          431,
          'headers_too_large',
          'The request headers are too large; send less than 16 KiB of headers.',
        )
      : err.code === 'HPE_INVALID_METHOD'
        ? rawError(
            405,
            'method_not_allowed',
            'The Content Read API is read-only: use GET, HEAD or OPTIONS.',
          )
        : rawError(400, 'bad_request', 'The request is not valid HTTP/1.1.');
  socket.end(answer);
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  431: 'Request Header Fields Too Large',
};

function rawError(status: number, code: string, message: string): string {
  const rep = errorRepresentation(status, code, message);
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    'content-type': JSON_TYPE,
    'content-length': rep.length,
    connection: 'close',
  };
  if (status === 405) headers.allow = ALLOW;
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  return `HTTP/1.1 ${status} ${REASONS[status]}\r\n${lines.join('')}\r\n${rep.body.toString('utf8')}`;
}
