/**
 * The one way tests start the real mock server in-process: on 127.0.0.1, an ephemeral port (so
 * parallel runs never collide), closed by the caller. The loader's integration tests, core's
 * doctor and OpenAPI tests, the reliability, e2e and publish suites use it.
 */
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
