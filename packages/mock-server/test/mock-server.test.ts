// Test helpers other packages use: live mutation (seen by the next request, ETags follow), request log, stats.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MockServerOptions } from '../src/index.js';
import { FULL, type Running, start, TWO_BLOGS } from './support.js';

const servers: Running[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((running) => running.close()));
});

/** A started mock, closed after the test. */
async function started(options?: MockServerOptions): Promise<Running> {
  const running = await start(options);
  servers.push(running);
  return running;
}

describe('test helpers', () => {
  it('updateArticle: the next request sees the change and the page ETag changes; other pages keep theirs', async () => {
    const { server, get } = await started();
    const page = async (p: number) => {
      const res = await get(`/api/v1/articles?per_page=10&page=${p}`, { key: FULL });
      return {
        etag: res.headers.get('etag'),
        body: (await res.json()) as { data: { id: string; title: string }[] },
      };
    };
    const before1 = await page(1);
    const before2 = await page(2);
    const target = before1.body.data[0]?.id ?? '';
    server.updateArticle(target, { title: 'Changed title' });
    const after1 = await page(1);
    expect(after1.body.data[0]?.title).toBe('Changed title');
    expect(after1.etag).not.toBe(before1.etag);
    expect((await page(2)).etag).toBe(before2.etag);
    const conditional = await get('/api/v1/articles?per_page=10&page=1', {
      key: FULL,
      headers: { 'if-none-match': before1.etag ?? '' },
    });
    expect(conditional.status).toBe(200);
    await conditional.arrayBuffer();
  });

  it('deleteArticle, addArticle and setArticlePublic change totals; invalid changes are refused and undone', async () => {
    const { server, get } = await started();
    const total = async () =>
      (
        (await (await get('/api/v1/articles', { key: FULL })).json()) as {
          meta: { total: number };
        }
      ).meta.total;
    const t0 = await total();
    const visible = server.dataset.articles.find((a) => a.public && a.blog_id === 'blog_01');
    if (visible === undefined) throw new Error('no visible article');
    server.deleteArticle(visible.id);
    expect(await total()).toBe(t0 - 1);
    server.addArticle({ ...visible, id: 'art_9999', slug: 'brand-new' });
    expect(await total()).toBe(t0);
    server.setArticlePublic('art_9999', false);
    expect(await total()).toBe(t0 - 1);
    expect(() => server.updateArticle('art_9999', { blog_id: 'nope' })).toThrow(
      /blog_id: no blog with id "nope"/,
    );
    expect(server.dataset.articles.find((a) => a.id === 'art_9999')?.blog_id).toBe('blog_01');
    expect(() => server.deleteArticle('missing')).toThrow(/No article with id "missing"/);
  });

  it('updateKey, setBlogPublic and addKey change what a key sees at once', async () => {
    const { server, get } = await started();
    const blogs = async (key: string) => {
      const res = await get('/api/v1/blogs', { key });
      return res.status === 200
        ? ((await res.json()) as { data: { id: string }[] }).data.map((b) => b.id)
        : res.status;
    };
    expect(await blogs(TWO_BLOGS)).toEqual(['blog_01', 'blog_02']);
    server.updateKey('key_two_blogs', { blog_access_scope: ['blog_03'] });
    expect(await blogs(TWO_BLOGS)).toEqual(['blog_03']);
    server.setBlogPublic('blog_04', true);
    expect(await blogs(FULL)).toEqual(['blog_01', 'blog_02', 'blog_03', 'blog_04']);
    server.updateKey('key_full', { revoked: true });
    expect(await blogs(FULL)).toBe(401);
    server.addKey({ id: 'key_new', team_id: 'team_lumen', key: 'brand-new-key' });
    expect(await blogs('brand-new-key')).toEqual(['blog_05', 'blog_06']);
    expect(() => server.addKey({ id: 'key_bad', team_id: 'team_web', key: 'not a token' })).toThrow(
      /b64token/,
    );
  });

  it('requests, stats and resetStats record method, path, status and conditional/304', async () => {
    const { server, get } = await started();
    const first = await get('/api/v1/blogs', { key: FULL });
    const etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();
    await (
      await get('/api/v1/blogs', { key: FULL, headers: { 'if-none-match': etag } })
    ).arrayBuffer();
    await (await get('/api/v1/nothing')).arrayBuffer();
    expect(
      server.requests.map((r) => [r.method, r.path, r.status, r.conditional, r.notModified]),
    ).toEqual([
      ['GET', '/api/v1/blogs', 200, false, false],
      ['GET', '/api/v1/blogs', 304, true, true],
      ['GET', '/api/v1/nothing', 404, false, false],
    ]);
    expect(server.stats.requests).toBe(3);
    expect(server.stats.notModified).toBe(1);
    expect(server.stats.byStatus).toEqual({ 200: 1, 304: 1, 404: 1 });
    server.resetStats();
    expect(server.stats.requests).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('the log callback gets one line per request, without the key', async () => {
    const lines: string[] = [];
    const running = await started({ log: (line) => lines.push(line) });
    await (
      await running.get('/api/v1/articles?per_page=1&api_key=leak', { key: FULL })
    ).arrayBuffer();
    // The line is written as the response finishes: wait for it, not for a fixed time.
    await vi.waitFor(() => expect(lines).toHaveLength(1), { timeout: 30_000, interval: 5 });
    expect(lines[0]).toMatch(
      /^GET \/api\/v1\/articles\?per_page=1&api_key=\[redacted\] 200 \d+\.\dms$/,
    );
    expect(lines.join('\n')).not.toContain(FULL);
  });
});
