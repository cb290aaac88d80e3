import { type HttpHandler, http } from 'msw';
import { createMockServer, type MockServer, type MockServerOptions } from './mock-server.js';

/** Options of `createMswHandlers`. */
export interface MswHandlerOptions {
  /** Origin the handlers answer for (default http://content-read.test); every path there is served. */
  origin?: string;
}

/**
 * msw request handlers backed by a mock server's one implementation (`server.handle`). Pass a
 * MockServer to share its dataset, stats and helpers with the test, or options to make a new one.
 * Every path on `origin` goes to it: the API under /api/v1 and the mock's images under /images/,
 * which the datasets name on this origin when it is the first the mock is asked at.
 */
export function createMswHandlers(
  serverOrOptions: MockServer | MockServerOptions = {},
  options: MswHandlerOptions = {},
): HttpHandler[] {
  const server = 'handle' in serverOrOptions ? serverOrOptions : createMockServer(serverOrOptions);
  const origin = new URL(options.origin ?? 'http://content-read.test').origin;
  return [http.all(`${origin}/*`, ({ request }) => server.handle(request))];
}
