import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AstroSite } from '@content-read/test-support/astro-site';
import { FULL_KEY, type StartedMock, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../helpers/serve.js';

const text = (html: string, id: string) =>
  new RegExp(`<[a-z0-9]+ id="${id}">([^<]*)<`).exec(html)?.[1];

// The archives guide's recipe for archives too big for one build, at a reduced size: the demo's 32
// articles, the newest 10 (in whole pages of 5: 12) built, every older one served at the same URL
// by the live loader under the route cache (fixtures/archive).
describe('the archive recipe: the newest articles static, older ones live at the same URL', {
  timeout: 240_000,
}, () => {
  let site: AstroSite;
  let server: StartedMock;
  /** The articles the key reads, in the API's order (ascending ids: creation order). */
  let articles: { id: string; blog: string; path: string }[];
  const secret = 'canary-archive-publish-secret-Q7';
  beforeAll(async () => {
    server = await startMock();
    const read = async <T>(list: string) => {
      const answer = await fetch(`${server.baseUrl}/${list}?per_page=500`, {
        headers: { authorization: `Bearer ${FULL_KEY}` },
      });
      return ((await answer.json()) as { data: T[] }).data;
    };
    const blogs = new Map(
      (await read<{ id: string; slug: string }>('blogs')).map((b) => [b.id, b.slug]),
    );
    articles = (await read<{ id: string; slug: string; blog_id: string }>('articles')).map((a) => ({
      id: a.id,
      blog: a.blog_id,
      path: `${blogs.get(a.blog_id)}/${a.slug}`,
    }));
    server.mock.resetStats();
    site = await AstroSite.copy(new URL('../fixtures/archive', import.meta.url));
    const { code, output } = await site.build(
      site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY }),
    );
    if (code !== 0) throw new Error(output);
  }, 240_000);
  afterAll(async () => {
    await site?.dispose();
    await server?.close();
  });

  it('the build reads the total, then only the listing pages of the newest articles', () => {
    expect(articles).toHaveLength(32);
    expect(listingPages()).toEqual([
      'per_page=1&page=1',
      'per_page=5&page=5',
      'per_page=5&page=6',
      'per_page=5&page=7',
    ]);
  });

  it('builds a page for each of the 12 newest articles and none for the older ones', () => {
    const built = articles.filter((a) =>
      existsSync(join(site.root, 'dist/client', a.path, 'index.html')),
    );
    expect(built).toEqual(articles.slice(20));
  });

  /** The built site's server, and what it answers for a path: status, where from, title. */
  const started = async () => {
    const running = await serve(site, {
      ...site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY }),
      CONTENT_PUBLISH_SECRET: secret,
    });
    const read = async (path: string) => {
      const response = await fetch(`${running.url}/${path}/`);
      const html = await response.text();
      return { status: response.status, from: text(html, 'from'), title: text(html, 'title') };
    };
    return { running, read };
  };
  const listingPages = () =>
    server.mock.requests
      .filter((r) => r.route === 'articles')
      .map((r) => new URL(r.path, 'http://x').searchParams)
      .map((q) => `per_page=${q.get('per_page')}&page=${q.get('page')}`)
      .sort();

  it('serves an older article from the live loader, then from the route cache, until a publish names it', async () => {
    const { running, read } = await started();
    try {
      const old = articles[3] as { id: string; blog: string; path: string };
      server.mock.resetStats();
      const first = await read(old.path);
      expect(first).toMatchObject({ status: 200, from: 'archive' });
      expect(first.title).toBeTruthy();
      // Its blog's listing only (asked by id), and the blogs (to find the blog by its slug).
      expect(server.mock.requests.map((r) => r.path.replace(/&page=1$/, ''))).toEqual([
        '/api/v1/blogs?per_page=100',
        `/api/v1/articles?format=json&blog=${old.blog}&per_page=100`,
      ]);
      server.mock.updateArticle(old.id, { title: 'Archived, then edited' });
      server.mock.resetStats();
      expect(await read(old.path)).toEqual(first);
      expect(server.mock.stats.requests).toBe(0);

      const published = await fetch(`${running.url}/_content-read/publish`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ articles: [old.id] }),
      });
      expect(published.status).toBe(200);
      expect(await read(old.path)).toMatchObject({ status: 200, title: 'Archived, then edited' });

      const newest = articles.at(-1) as { path: string };
      expect(await read(newest.path)).toMatchObject({ status: 200, from: 'build' });
      const blog = old.path.split('/')[0];
      expect(await read(`${blog}/no-such-article`)).toMatchObject({ status: 404, from: 'archive' });
      expect(running.output()).not.toContain(secret);
    } finally {
      running.child.kill();
    }
  });

  it('after five new articles the next build reads the newest pages again, and the five that left them keep their URLs, answered by the archive', async () => {
    const newest = server.mock.dataset.articles.find((a) => a.id === articles.at(-1)?.id);
    if (!newest) throw new Error('the newest article is not in the mock');
    const added = [1, 2, 3, 4, 5].map((i) =>
      server.mock.addArticle({ ...newest, id: `art_9${i}00`, slug: `${newest.slug}-${i}` }),
    );
    const blogSlug = (articles.at(-1) as { path: string }).path.split('/')[0];
    const now = [
      ...articles,
      ...added.map((a) => ({ id: a.id, blog: a.blog_id, path: `${blogSlug}/${a.slug}` })),
    ];
    server.mock.resetStats();
    const { code, output } = await site.build(
      site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY }),
    );
    if (code !== 0) throw new Error(output);
    // 37 articles: the newest 10 start on page 6. Nothing already synced is rendered again.
    expect(listingPages()).toEqual([
      'per_page=1&page=1',
      'per_page=5&page=6',
      'per_page=5&page=7',
      'per_page=5&page=8',
    ]);
    expect(output).toContain(
      'articles: synced 12 entries (5 new, 0 updated, 5 removed, 7 unchanged)',
    );
    const built = now.filter((a) =>
      existsSync(join(site.root, 'dist/client', a.path, 'index.html')),
    );
    expect(built).toEqual(now.slice(25));

    const { running, read } = await started();
    try {
      const left = now.slice(20, 25);
      for (const article of left)
        expect(await read(article.path)).toMatchObject({ status: 200, from: 'archive' });
      expect(await read((added[4] && `${blogSlug}/${added[4].slug}`) ?? '')).toMatchObject({
        status: 200,
        from: 'build',
      });
    } finally {
      running.child.kill();
    }
  });
});
