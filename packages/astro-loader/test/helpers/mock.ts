import {
  createMockServer,
  type MockServer,
  type MockServerOptions,
} from '@content-read/mock-server';

export const FULL_KEY = 'demo-full-access-key';

/** The real mock server on 127.0.0.1, an ephemeral port. */
export async function startMock(options: MockServerOptions = {}) {
  const mock: MockServer = createMockServer(options);
  const running = await mock.listen({ port: 0, host: '127.0.0.1' });
  return { mock, baseUrl: running.baseUrl, close: () => running.close() };
}
