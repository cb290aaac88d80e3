import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import pkg from '../../../package.json' with { type: 'json' };
import { proxySettings } from '../../../src/build-time/integration/options.js';
import { fetchUpstream, rewriteLink } from '../../../src/server/proxy/upstream.js';

describe('fetchUpstream', () => {
  let server: Server | undefined;
  afterEach(() => new Promise((r) => (server ? server.close(r) : r(undefined))));

  /** A loopback API that answers every request with `chunks` of a JSON listing, unsized. */
  let userAgent: string | undefined;
  async function api(chunks: string[]) {
    server = createServer(async (req, res) => {
      userAgent = req.headers['user-agent'];
      res.writeHead(200, { 'content-type': 'application/json' });
      for (const chunk of chunks) res.write(chunk);
      res.end();
    });
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    return {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
      apiKey: 'k',
    };
  }
  const request = {
    resource: 'articles' as const,
    query: '',
    proxyPath: '/p',
    timeoutMs: 5000,
    userAgent: 'content-read-astro-proxy/test',
    safe: { sanitise: {}, unsafeRawHtml: false },
  };

  it('names itself with the loader version of package.json, fixed in the settings at build time', async () => {
    const { userAgent: fromSettings } = proxySettings({ path: '/p' });
    expect(fromSettings).toBe(`content-read-astro-proxy/${pkg.version}`);
    await fetchUpstream(
      await api(['{"data":[]}']),
      { ...request, userAgent: fromSettings },
      undefined,
    );
    expect(userAgent).toBe(fromSettings);
  });

  it('stops reading a body larger than maxBytes and answers 502', async () => {
    const conn = await api(['{"data":[{"id":"a","title":"', 'x'.repeat(4000), '"}]}']);
    expect(await fetchUpstream(conn, { ...request, maxBytes: 1000 }, undefined)).toEqual({
      status: 502,
      failure: 'upstream_response_too_large',
    });
    const small = await fetchUpstream(conn, { ...request, maxBytes: 10_000 }, undefined);
    expect(small.status).toBe(200);
    // The chunks are put back together byte for byte (the item holds contract fields only).
    expect(new TextDecoder().decode(small.body)).toBe(
      `{"data":[{"id":"a","title":"${'x'.repeat(4000)}"}]}`,
    );
  });
});

describe('rewriteLink', () => {
  const base = 'https://api.example/api/v1';
  it('points the API links at the proxy, keeping only paging relations and allowed queries', () => {
    expect(
      rewriteLink(
        '<https://api.example/api/v1/articles?page=2&secret=1>; rel="next", </api/v1/blogs?page=1>; rel=first',
        base,
        '/p',
      ),
    ).toBe('</p/articles?page=2>; rel="next", </p/blogs>; rel="first"');
  });
  it("drops the API's other link parameters and relations, and refused values", () => {
    expect(
      rewriteLink(
        '</api/v1/articles?page=02&per_page=5>; rel="next"; title="db-7"; anchor="x", </api/v1/articles?page=9>; rel="debug", </api/v1/articles?per_page=9999>; rel="last"',
        base,
        '/p',
      ),
    ).toBe('</p/articles?page=2&per_page=5>; rel="next"');
  });
  it('drops links elsewhere and unparsable ones', () => {
    expect(rewriteLink('<https://evil.example/api/v1/articles>; rel="next"', base, '/p')).toBe(
      undefined,
    );
    expect(rewriteLink('<http://[bad>; rel="next"', base, '/p')).toBe(undefined);
    expect(rewriteLink(null, base, '/p')).toBe(undefined);
  });
});
