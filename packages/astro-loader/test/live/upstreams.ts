import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  createMockServer,
  GENERATED_KEYS,
  generateDataset,
  type MockServer,
} from '@content-read/mock-server';

/**
 * The real mock server behind a loopback listener that drops our `?blog=` before the mock sees
 * it: an API that implements only the v1 contract, where every listing holds every blog the
 * key reads. Records the paths that reached it.
 */
export async function startContractOnlyUpstream(mock: MockServer) {
  const seen: string[] = [];
  const server = createServer(async (req, res) => {
    seen.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    url.searchParams.delete('blog');
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const response = await mock.handle(
      new Request(`http://127.0.0.1${url.pathname}${url.search}`, { headers }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(new Uint8Array(await response.arrayBuffer()));
  });
  const port = await listen(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    seen,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * Three public blogs where the first one's slug is the second one's id:
 * blog_0001 (slug "blog_0002"), blog_0002 (slug "blog-2"), blog_0003 (slug "blog-3"), with
 * articles in each. Read with `GENERATED_KEYS.full`.
 */
export function collidingBlogsMock(): MockServer {
  const dataset = generateDataset({ articles: 60, blogs: 3, privateFraction: 0, bodyBytes: 300 });
  const first = dataset.blogs[0];
  if (first) first.slug = 'blog_0002';
  return createMockServer({ dataset });
}

export const KEY = GENERATED_KEYS.full;

/** A key the tests add to the mock, to prove it never reaches a message. */
export const CANARY_KEY = 'canary-live-key-5e1f0c';

/**
 * The real mock server (with CANARY_KEY) behind a loopback listener that can start hanging
 * (accepting connections and never answering) or go down (its port closed: connections
 * refused).
 */
export async function startFailingUpstream() {
  const mock = collidingBlogsMock();
  mock.addKey({ id: 'key_canary', team_id: 'team_001', key: CANARY_KEY });
  let hanging = false;
  const sockets = new Set<Socket>();
  const server = createServer(async (req, res) => {
    if (hanging) return;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const response = await mock.handle(new Request(`http://127.0.0.1${req.url}`, { headers }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(new Uint8Array(await response.arrayBuffer()));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((done) => server.close(() => done()));
  };
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    hang: () => {
      hanging = true;
    },
    /** Down for good: the port is closed, so connecting is refused. */
    down: close,
    close: () => (server.listening ? close() : Promise.resolve()),
  };
}

function listen(server: ReturnType<typeof createServer>): Promise<number> {
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)),
  );
}

/**
 * The budget of live loaders in tests against a healthy API: one that no loaded machine
 * exhausts (the defaults answer in under 2 s, which a stalled test machine could exceed).
 */
export const UNHURRIED = {
  deadline: 60_000,
  timeouts: { connect: 10_000, headers: 30_000, body: 30_000 },
};
