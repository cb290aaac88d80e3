/** The proxy tests' way in: a proxy handler asked as a browser asks it, and its error answers. */
import { expect } from 'vitest';
import { createProxyHandler } from '../../src/server/proxy/handler.js';
import type { ProxySettings } from '../../src/server/proxy/settings.js';

/**
 * A proxy with `settings` in front of the API at `baseUrl`, reached with `apiKey` and logging to
 * `log`; the function returned asks it for `path` as a browser at address `client` would.
 */
export function proxyAt(
  settings: ProxySettings,
  baseUrl: string,
  apiKey: string,
  log?: (line: string) => void,
) {
  const handle = createProxyHandler(settings, async () => ({ baseUrl, apiKey }), log);
  return (path: string, init: RequestInit = {}, client = '127.0.0.1') =>
    handle(new Request(`http://site.test${path}`, init), { clientAddress: () => client });
}

/** Checks that `response` is the proxy's JSON error with this status, code and message. */
export async function expectProxyError(
  response: Response,
  status: number,
  code: string,
  message: string,
): Promise<void> {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error: { status, code, message } });
}
