import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiAndBrowser } from './api-and-browser.js';
import { fullKey } from './dataset.js';

// CORS as a browser enforces it: a page from another origin (another loopback port) calls the
// mock API with fetch. If the preflight or the response headers were wrong, Chromium would
// refuse to hand the response to the page and fetch would reject.

const PAGE = `<!doctype html><meta charset="utf-8"><title>CORS probe</title>
<script>
  window.callApi = async (url, key) => {
    const headers = key === undefined ? {} : { Authorization: 'Bearer ' + key };
    const response = await fetch(url, { headers });
    return {
      status: response.status,
      body: await response.json(),
      wwwAuthenticate: response.headers.get('WWW-Authenticate'),
    };
  };
</script>`;

interface ApiResult {
  status: number;
  body: { data?: { name: string }[]; error?: { code: string } };
  wwwAuthenticate: string | null;
}

describe('CORS from a page on another origin', () => {
  const rig = useApiAndBrowser({ page: {} });
  // The probe page's own origin: a server of its own, on another port than the API.
  const site: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  let siteOrigin: string;

  beforeAll(async () => {
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    await rig.ready;
    await rig.page.goto(`${siteOrigin}/`);
  });

  afterAll(async () => {
    await new Promise((done) => site.close(done));
  });

  const call = (key?: string) =>
    rig.page.evaluate(
      ([url, k]) =>
        (
          globalThis as unknown as { callApi: (u: string, k?: string) => Promise<ApiResult> }
        ).callApi(url, k),
      [`${rig.api.baseUrl}/blogs`, key] as const,
    );

  it('runs the page and the API on different origins', () => {
    expect(new URL(rig.api.baseUrl).origin).not.toBe(siteOrigin);
  });

  it('passes the preflight for the Authorization header and hands the data to the page', async () => {
    rig.mock.resetStats();
    const result = await call(fullKey);
    expect(result.status).toBe(200);
    expect(result.body.data?.map((b) => b.name)).toEqual([
      'Northwind Engineering',
      'Northwind Design Notes',
      'Studio News',
    ]);
    const preflight = rig.mock.requests.find(
      (r) => r.method === 'OPTIONS' && r.path.startsWith('/api/v1/blogs'),
    );
    expect(preflight?.status).toBe(204);
    const get = rig.mock.requests.find((r) => r.method === 'GET');
    expect(get?.status).toBe(200);
  });

  it('gives the page the 401 (and its WWW-Authenticate) when the key is left out', async () => {
    const result = await call();
    expect(result.status).toBe(401);
    expect(result.body.error?.code).toBe('missing_token');
    expect(result.wwwAuthenticate).toBe('Bearer realm="content-read"');
  });

  it('gives the page the 401 for a key the API does not know', async () => {
    const result = await call('not-a-real-key');
    expect(result.status).toBe(401);
    expect(result.body.error?.code).toBe('invalid_token');
  });
});
