import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { MockServer } from '@content-read/mock-server';
import { answerThrough, type StartedMock, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll } from 'vitest';

/** How the upstream answers a request (default: the mock server as it is). */
export type Answer = (request: Request, mock: MockServer) => Promise<Response>;

/**
 * The real mock server behind a loopback listener that records what reached it (method, path
 * and every header), to prove what a proxy forwards and how many requests it makes. `answer` can change what the mock server is asked
 * or what it answers, to play an API that implements only the v1 contract.
 */
export async function startRecordingUpstream(
  mock: MockServer,
  answer: Answer = (request) => mock.handle(request),
) {
  const seen: { method: string; path: string; headers: IncomingHttpHeaders }[] = [];
  const forward = answerThrough((request) => answer(request, mock));
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    void forward(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    seen,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * The real mock server (`prepare`d) and a recording upstream in front of it, started before the
 * file's tests and closed after them: read `rig.server` and `rig.upstream` in the tests.
 */
export function useRecordingUpstream(prepare?: (mock: MockServer) => void) {
  const rig = {} as {
    server: StartedMock;
    upstream: Awaited<ReturnType<typeof startRecordingUpstream>>;
  };
  beforeAll(async () => {
    rig.server = await startMock();
    prepare?.(rig.server.mock);
    rig.upstream = await startRecordingUpstream(rig.server.mock);
  });
  afterAll(async () => {
    await rig.upstream?.close();
    await rig.server?.close();
  });
  return rig;
}

/** Asks the mock server without the `blog` parameter: an API that ignores `?blog=`. */
export const ignoringBlog: Answer = (request, mock) => {
  const url = new URL(request.url);
  url.searchParams.delete('blog');
  return mock.handle(new Request(url, request));
};

/** The mock server's answer, its JSON body passed through `edit` (status and headers kept). */
export function editingBody(edit: (json: unknown, url: URL) => unknown): Answer {
  return async (request, mock) => {
    const response = await mock.handle(request);
    if (response.status !== 200) return response;
    const body = JSON.stringify(edit(await response.json(), new URL(request.url)));
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('etag');
    return new Response(body, { status: 200, headers });
  };
}
