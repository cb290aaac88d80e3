import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlesLoader } from '../../src/index.js';
import { articlesLiveLoader } from '../../src/live.js';
import { ContentReadLoaderError } from '../../src/shared/errors.js';
import { loaderContext } from '../helpers/loader-context.js';

// A server that accepts every request and never answers: only the `timeouts` option passed to
// core can end the request before core's 30 s default, which is longer than these tests may run.
let server: Server;
let baseUrl: string;
const sockets = new Set<Socket>();
let requests = 0;
beforeAll(async () => {
  server = createServer(() => {
    requests++;
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((done) => server.close(done));
});

const options = { apiKey: 'unit-test-key', retry: { retries: 0 } };

describe('the timeouts option', { timeout: 20_000 }, () => {
  it('reaches the build-time client: a stalled API fails the sync with the one-line timeout message', async () => {
    const before = requests;
    const loader = articlesLoader({ ...options, baseUrl, timeouts: { headers: 300 } });
    const error = await loader.load(loaderContext()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentReadLoaderError);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^Could not sync collection "articles": the API could not be reached on \/api\/v1\/articles\S* \(timed out\)/,
    );
    expect(message.split('\n')).toHaveLength(1);
    expect((error as { clientError?: { timeout?: boolean } }).clientError?.timeout).toBe(true);
    expect(requests).toBeGreaterThan(before);
  });

  // The live client sends through fetch, which cannot tell when the connection opened: it bounds
  // connect + headers together, so both are set here.
  it('reaches the live client: a stalled API gives a LiveCollectionError that says it timed out', async () => {
    const timeouts = { connect: 300, headers: 300 };
    const loader = articlesLiveLoader({ ...options, baseUrl, timeouts });
    const result = await loader.loadCollection({ collection: 'articles', filter: undefined });
    expect('error' in result && result.error?.message).toMatch(
      /Could not load "articles":.*timed out/i,
    );
  });
});
