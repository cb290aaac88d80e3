/**
 * The one way tests start the real mock server in-process: on 127.0.0.1, an ephemeral port (so
 * parallel runs never collide), closed by the caller. The loader's integration tests, core's
 * doctor and OpenAPI tests, the reliability, e2e and publish suites use it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  createMockServer,
  type MockServer,
  type MockServerOptions,
} from '@content-read/mock-server';

/** The demo dataset's key that sees every public blog. */
export const FULL_KEY = 'demo-full-access-key';

export interface StartedMock {
  mock: MockServer;
  /** e.g. http://127.0.0.1:40123/api/v1 */
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

/** A new mock server (the demo dataset unless told otherwise), started. */
export function startMock(options: MockServerOptions = {}): Promise<StartedMock> {
  return listenOnLoopback(createMockServer(options));
}

/** Starts a mock server a test has prepared (keys added, articles changed …). */
export async function listenOnLoopback(mock: MockServer): Promise<StartedMock> {
  const running = await mock.listen({ port: 0, host: '127.0.0.1' });
  return { mock, baseUrl: running.baseUrl, port: running.port, close: () => running.close() };
}

/**
 * A node:http request handler that answers through `handle` (the mock server's own, or one that
 * changes what it is asked or answers), for tests that put the mock behind a listener of theirs
 * (to record, hang or close it).
 */
export function answerThrough(handle: (request: Request) => Promise<Response>) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    // The address the client used: the mock names its images on the origin it is first asked at.
    const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
    });
    const response = await handle(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(new Uint8Array(await response.arrayBuffer()));
  };
}

/**
 * `mock` behind a loopback listener that can start hanging (accepting connections and never
 * answering) or go down (its port closed: connections refused): an API outage, on demand.
 */
export async function startFailingFront(mock: MockServer) {
  let hanging = false;
  const sockets = new Set<Socket>();
  const forward = answerThrough((request) => mock.handle(request));
  const server = createServer((req, res) => {
    if (!hanging) void forward(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((done) => server.close(() => done()));
  };
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    hang: () => {
      hanging = true;
    },
    /** Down for good: the port is closed, so connecting is refused. */
    down: close,
    close: () => (server.listening ? close() : Promise.resolve()),
  };
}
