/**
 * The web entry (`@content-read/core/web`): the same client over the platform's fetch, against
 * real loopback sockets; and its module graph, which must hold nothing a Worker cannot load.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { moduleGraph } from '@content-read/test-support/module-graph';
import { describe, expect, test } from 'vitest';
import { createListingClient } from '../../src/internal.js';
import {
  ConfigurationError,
  createClient,
  NetworkError,
  ResponseTooLargeError,
} from '../../src/web.js';
import { article, caught, KEY, loopbackHarness, sendJson } from '../helpers.js';

const { serve, client } = loopbackHarness(createClient);

describe('the web client over the platform fetch', () => {
  test('lists every page with the key and revalidates with If-None-Match (304 keeps the items)', async () => {
    const server = await serve((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'));
      if (req.headers['if-none-match'] === `"p${page}"`) {
        res.writeHead(304, { etag: `"p${page}"` }).end();
        return;
      }
      const meta = { page, per_page: 1, total: 2, total_pages: 2 };
      sendJson(res, 200, { data: [article(`a${page}`)], meta }, { etag: `"p${page}"` });
    });
    const c = client(server.baseUrl, { perPage: 1 });
    const first = await c.list('articles');
    expect(first.pages.flatMap((p) => (p.notModified ? [] : p.items.map((a) => a.id)))).toEqual([
      'a1',
      'a2',
    ]);
    const previous = new Map(
      first.pages.map((p) => [
        p.key,
        { etag: p.etag ?? '', meta: p.meta, ids: p.notModified ? p.ids : p.items.map((a) => a.id) },
      ]),
    );
    const second = await c.list('articles', { previous });
    expect(second.pages.map((p) => p.notModified)).toEqual([true, true]);
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  test("the listing client (core/internal, for the loader's live loaders) lists the same, with list() and close() only", async () => {
    const server = await serve((_req, res) => sendJson(res, 200, { data: [article('a1')] }));
    const lister = createListingClient({ baseUrl: server.baseUrl, apiKey: KEY });
    expect(Object.keys(lister).sort()).toEqual(['close', 'list']);
    const listing = await lister.list('articles');
    expect(listing.ids).toEqual(['a1']);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    await lister.close();
  });

  test('decodes a gzip body (fetch undoes the coding the platform asked for)', async () => {
    const server = await serve((_req, res) => {
      const body = gzipSync(JSON.stringify({ data: [article('a1')] }));
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(body);
    });
    expect((await client(server.baseUrl).listArticles()).map((a) => a.id)).toEqual(['a1']);
  });

  test('never sends the key to another origin on a redirect', async () => {
    const other = await serve((_req, res) => sendJson(res, 200, { data: [] }));
    const server = await serve((_req, res) => {
      res.writeHead(302, { location: `${other.baseUrl}/articles?format=json` }).end();
    });
    await client(server.baseUrl).listArticles();
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
  });

  test('stops reading past maxResponseBytes', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [article('a1', { html: 'x'.repeat(4096) })] }));
    });
    const error = await caught(() =>
      client(server.baseUrl, { maxResponseBytes: 1024 }).listArticles(),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });

  test('a refused connection is a NetworkError that never shows the key', async () => {
    const server = await serve(() => {});
    const baseUrl = server.baseUrl;
    await server.close();
    const error = await caught(() => client(baseUrl, { retry: { retries: 0 } }).listArticles());
    expect(error).toBeInstanceOf(NetworkError);
    expect(String((error as Error).message)).not.toContain(KEY);
  });

  test('refuses an undici dispatcher, with what to do instead', async () => {
    const error = await caught(async () =>
      createClient({ baseUrl: 'http://127.0.0.1:1/api/v1', apiKey: KEY, dispatcher: {} } as never),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/dispatcher is an option of the Node client only/);
  });
});

describe("the web entry's module graph", () => {
  test('imports no undici, no Vite, no node:* module and no Buffer, from src/web.ts down', () => {
    const graph = moduleGraph(fileURLToPath(new URL('../../src/web.ts', import.meta.url)));
    expect(graph.imports).toEqual(['p-retry', 'zod']);
    expect(graph.nodeGlobals).toEqual([]);
    expect(graph.files.length).toBeGreaterThan(10);
  });

  test("the internal entry the loader's deployed code imports holds no undici, Vite or node:* either", () => {
    const graph = moduleGraph(fileURLToPath(new URL('../../src/internal.ts', import.meta.url)));
    expect(graph.imports).toEqual(['p-retry', 'zod']);
    expect(graph.nodeGlobals).toEqual([]);
  });
});
