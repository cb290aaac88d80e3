import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { MockServer } from '@content-read/mock-server';

/**
 * The real mock server behind a loopback listener that records what reached it (method, path
 * and every header), to prove what a proxy forwards and how many requests it makes.
 */
export async function startRecordingUpstream(mock: MockServer) {
  const seen: { method: string; path: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer(async (req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const response = await mock.handle(
      new Request(`http://127.0.0.1${req.url}`, { method: req.method ?? 'GET', headers }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    seen,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
