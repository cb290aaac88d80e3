// One implementation, several faces: handle(Request) answers exactly what the node:http face sends.
import { describe, expect, it } from 'vitest';
import { FULL, OTHER, useServer } from '../support.js';

const server = useServer();
const COMPARED = [
  'etag',
  'link',
  'vary',
  'cache-control',
  'content-type',
  'content-length',
  'allow',
  'www-authenticate',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-allow-methods',
  'retry-after',
];

const CASES: [string, string, Record<string, string>][] = [
  ['GET', '/api/v1', {}],
  ['GET', '/api/v1/blogs', { authorization: `Bearer ${FULL}` }],
  ['GET', '/api/v1/articles?per_page=4&page=2', { authorization: `Bearer ${FULL}` }],
  ['GET', '/api/v1/articles?blog=lumen-notes', { authorization: `Bearer ${OTHER}` }],
  ['HEAD', '/api/v1/articles', { authorization: `Bearer ${FULL}` }],
  ['GET', '/api/v1/articles', {}],
  ['GET', '/api/v1/articles', { authorization: 'Bearer  x' }],
  ['GET', '/api/v1/articles', { authorization: 'Bearer unknown' }],
  ['GET', '/api/v1/articles?format=xml', { authorization: `Bearer ${FULL}` }],
  ['GET', '/api/v1/articles?blog=blog_04', { authorization: `Bearer ${FULL}` }],
  ['DELETE', '/api/v1/blogs', {}],
  ['OPTIONS', '/api/v1/blogs', {}],
  ['GET', '/nowhere', {}],
];

describe('faces', () => {
  it.each(CASES)(
    '%s %s: handle() and node:http give the same status, headers and body',
    async (method, path, headers) => {
      const { get, origin, server: mock } = server();
      const overHttp = await get(path, { method, headers });
      const inProcess = await mock.handle(new Request(`${origin}${path}`, { method, headers }));
      expect(inProcess.status).toBe(overHttp.status);
      for (const name of COMPARED)
        expect([name, inProcess.headers.get(name)]).toEqual([name, overHttp.headers.get(name)]);
      expect(await inProcess.text()).toBe(await overHttp.text());
    },
  );

  it('a 304 is the same in both faces', async () => {
    const { get, origin, server: mock } = server();
    const first = await get('/api/v1/blogs', { key: FULL });
    await first.arrayBuffer();
    const headers = {
      authorization: `Bearer ${FULL}`,
      'if-none-match': first.headers.get('etag') ?? '',
    };
    const inProcess = await mock.handle(new Request(`${origin}/api/v1/blogs`, { headers }));
    expect(inProcess.status).toBe(304);
    expect(await inProcess.text()).toBe('');
  });
});
