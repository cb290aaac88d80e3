import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../src/mock-server.js';

const SECRET = 'canary-mock-publish-secret';

/** A site's publish webhook that records what it is sent. */
function recordingSite() {
  const calls: Array<{ authorization: string | undefined; body: unknown }> = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      calls.push({ authorization: req.headers.authorization, body: JSON.parse(text) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    calls,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(
            `http://127.0.0.1:${(server.address() as AddressInfo).port}/_content-read/publish`,
          ),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the mock tells a site of its edits', () => {
  const site = recordingSite();
  let url: string;
  beforeAll(async () => {
    url = await site.listen();
  });
  afterAll(() => site.close());

  it('one publish call per edit, naming the article, the blog, or everything (a key)', async () => {
    const lines: string[] = [];
    const mock = createMockServer({
      publishWebhook: { url, secret: SECRET },
      log: (line) => lines.push(line),
    });
    site.calls.length = 0;
    mock.updateArticle('art_0002', { title: 'Edited' });
    mock.setBlogPublic('blog_03', false);
    mock.updateKey('key_two_blogs', { revoked: true });
    expect(() => mock.updateArticle('art_0002', { title: 42 as unknown as string })).toThrow();
    await mock.published();
    expect(site.calls).toEqual([
      { authorization: `Bearer ${SECRET}`, body: { articles: ['art_0002'] } },
      { authorization: `Bearer ${SECRET}`, body: { blogs: ['blog_03'] } },
      { authorization: `Bearer ${SECRET}`, body: { all: true } },
    ]);
    expect(lines).toContain(`publish {"articles":["art_0002"]} -> ${url}: 200`);
    expect(lines.join('\n')).not.toContain(SECRET);

    mock.publishTo(undefined);
    mock.updateArticle('art_0007', { title: 'Unannounced' });
    await mock.published();
    expect(site.calls).toHaveLength(3);
  });

  it('a webhook that cannot be reached is logged, not thrown', async () => {
    const lines: string[] = [];
    const mock = createMockServer({ log: (line) => lines.push(line) });
    mock.publishTo({ url: 'http://127.0.0.1:1/_content-read/publish', secret: SECRET });
    mock.updateArticle('art_0002', { title: 'Edited' });
    await mock.published();
    expect(lines.at(-1)).toMatch(
      /^publish \{"articles":\["art_0002"\]\} -> http:\/\/127\.0\.0\.1:1\/_content-read\/publish failed: /,
    );
  });
});

describe('edits over HTTP (listen({ editable: true }))', () => {
  const site = recordingSite();
  const mock = createMockServer();
  let running: Awaited<ReturnType<typeof mock.listen>>;
  let origin: string;
  beforeAll(async () => {
    mock.publishTo({ url: await site.listen(), secret: SECRET });
    running = await mock.listen({ editable: true });
    origin = running.baseUrl.replace('/api/v1', '');
  });
  afterAll(async () => {
    await running?.close();
    await site.close();
  });
  const patch = (path: string, body: string) =>
    fetch(`${origin}${path}`, {
      method: 'PATCH',
      body,
      headers: { 'content-type': 'application/json' },
    });

  it('PATCH /__mock/articles/<id> changes the article the API serves, and publishes it', async () => {
    const res = await patch('/__mock/articles/art_0002', '{"title":"Edited over HTTP"}');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'art_0002', title: 'Edited over HTTP' });
    const listing = await fetch(`${running.baseUrl}/articles?format=json&per_page=100`, {
      headers: { authorization: 'Bearer demo-full-access-key' },
    });
    const { data } = (await listing.json()) as { data: Array<{ id: string; title: string }> };
    expect(data.find((a) => a.id === 'art_0002')?.title).toBe('Edited over HTTP');
    await mock.published();
    expect(site.calls.at(-1)?.body).toEqual({ articles: ['art_0002'] });
  });

  const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

  it('refuses what it cannot apply in one line: unknown id 404, bad JSON or field 400, GET 405', async () => {
    const unknown = await patch('/__mock/blogs/blog_99', '{"name":"x"}');
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe('No blog with id "blog_99" in the mock dataset.');
    const notJson = await patch('/__mock/articles/art_0002', '{title');
    expect(notJson.status).toBe(400);
    expect(await messageOf(notJson)).toMatch(/^The body is not a JSON object\. Send PATCH/);
    const badField = await patch('/__mock/articles/art_0002', '{"title":42}');
    expect(badField.status).toBe(400);
    expect(await messageOf(badField)).not.toContain('\n');
    const get = await fetch(`${origin}/__mock/articles/art_0002`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('PATCH');
  });

  it('a server listening without editable answers those paths as the API does: 404', async () => {
    const plain = await createMockServer().listen();
    try {
      const res = await fetch(plain.baseUrl.replace('/api/v1', '/__mock/articles/art_0002'), {
        method: 'PATCH',
        body: '{"title":"x"}',
      });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
