/** The real mock server (the shared starter), and a node:http "proxy" in front of it that misbehaves on purpose. */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export { startMock } from '@content-read/test-support/mock-server';

import type { DoctorConfig } from '../../src/doctor/index.js';

export interface Running {
  baseUrl: string;
  close(): Promise<void>;
}

export interface ProxyBehaviour {
  /** Drop the Authorization header before forwarding, as a misconfigured CDN does. */
  stripAuthorization?: boolean;
  /** Answer OPTIONS itself with a bare 204 that allows no headers. */
  swallowPreflight?: boolean;
}

/** Forwards every request to `target` (a base URL), altered as `behaviour` says. */
export async function startProxy(target: string, behaviour: ProxyBehaviour): Promise<Running> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    if (behaviour.swallowPreflight && req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
      return;
    }
    const headers = { ...req.headers, host: upstream.host };
    if (behaviour.stripAuthorization) delete headers.authorization;
    const forward = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export function config(overrides: Partial<DoctorConfig>): DoctorConfig {
  return {
    url: undefined,
    key: undefined,
    keySource: overrides.key === undefined ? undefined : 'CONTENT_API_KEY',
    origin: 'http://localhost:4321',
    allowInsecureHttp: false,
    timeout: 5000,
    mode: 'production',
    envDir: process.cwd(),
    ...overrides,
  };
}
