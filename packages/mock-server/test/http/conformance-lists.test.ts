// the API contract §5 and §6: the list envelope, pagination, Link, order, and the articles query.

import { articleSchema, blogSchema } from '@content-read/core';
import { describe, expect, it } from 'vitest';
import { blogFilterAnswers, errorCode, FULL, useServer } from '../support.js';

const server = useServer();

interface Envelope {
  data: { id: string; blog_id?: string; [k: string]: unknown }[];
  meta: { page: number; per_page: number; total: number; total_pages: number };
}

async function list(path: string, key = FULL): Promise<{ res: Response; body: Envelope }> {
  const res = await server().get(path, { key });
  return { res, body: (await res.json()) as Envelope };
}

describe('section 5: lists', () => {
  it('the envelope has data and meta; defaults page 1, per_page 100', async () => {
    const { body } = await list('/api/v1/articles');
    expect(Object.keys(body)).toEqual(['data', 'meta']);
    expect(body.meta).toEqual({ page: 1, per_page: 100, total: body.data.length, total_pages: 1 });
  });

  it('pages partition the listing; meta.total and total_pages are right', async () => {
    const { body: all } = await list('/api/v1/articles');
    const ids: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const { body } = await list(`/api/v1/articles?per_page=7&page=${page}`);
      expect(body.meta).toEqual({
        page,
        per_page: 7,
        total: all.meta.total,
        total_pages: Math.ceil(all.meta.total / 7),
      });
      ids.push(...body.data.map((a) => a.id));
    }
    expect(ids).toEqual(all.data.map((a) => a.id));
  });

  it('order is stable: ascending id', async () => {
    for (const path of ['/api/v1/articles', '/api/v1/blogs']) {
      const ids = (await list(path)).body.data.map((x) => x.id);
      expect(ids).toEqual([...ids].sort());
      expect((await list(path)).body.data.map((x) => x.id)).toEqual(ids);
    }
  });

  it('per_page max 500 is accepted', async () => {
    expect((await list('/api/v1/articles?per_page=500')).body.meta.per_page).toBe(500);
  });

  it.each(['0', '-1', '501', '1.5', 'abc', '', '1e2', ' 1', '99999999999999999999', '0x10'])(
    'per_page=%j → 400 invalid_parameter',
    async (value) => {
      const res = await server().get(`/api/v1/articles?per_page=${encodeURIComponent(value)}`, {
        key: FULL,
      });
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe('invalid_parameter');
    },
  );

  it.each(['0', '-3', '2.0', 'first', '', '99999999999999999999'])(
    'page=%j → 400 invalid_parameter',
    async (value) => {
      for (const path of ['/api/v1/articles', '/api/v1/blogs']) {
        const res = await server().get(`${path}?page=${encodeURIComponent(value)}`, { key: FULL });
        expect(res.status).toBe(400);
        expect(await errorCode(res)).toBe('invalid_parameter');
      }
    },
  );

  it('a known parameter given twice → 400 invalid_parameter', async () => {
    const res = await server().get('/api/v1/articles?page=1&page=2', { key: FULL });
    expect(res.status).toBe(400);
  });

  it('a page past the end → 200 with empty data', async () => {
    const { res, body } = await list('/api/v1/articles?page=999');
    expect(res.status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta.page).toBe(999);
  });

  it('Link has rel="next" while there is one, and rel="last", as absolute paths', async () => {
    const { res, body } = await list('/api/v1/articles?per_page=10&page=2');
    const last = body.meta.total_pages;
    expect(res.headers.get('link')).toBe(
      `</api/v1/articles?page=3&per_page=10>; rel="next", </api/v1/articles?page=${last}&per_page=10>; rel="last"`,
    );
    const end = await list(`/api/v1/articles?per_page=10&page=${last}`);
    expect(end.res.headers.get('link')).toBe(
      `</api/v1/articles?page=${last}&per_page=10>; rel="last"`,
    );
    const blog = await list('/api/v1/articles?per_page=2&blog=northwind-news');
    expect(blog.res.headers.get('link')).toMatch(
      /^<\/api\/v1\/articles\?blog=northwind-news&page=2&per_page=2>; rel="next"/,
    );
  });

  it('following Link rel="next" walks the whole listing', async () => {
    const ids: string[] = [];
    let next: string | undefined = '/api/v1/articles?per_page=9';
    while (next !== undefined) {
      const { res, body } = await list(next);
      ids.push(...body.data.map((a) => a.id));
      next = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    }
    expect(ids).toEqual((await list('/api/v1/articles')).body.data.map((a) => a.id));
  });

  it('blogs and articles carry every documented field with its type', async () => {
    // The documented fields are those of core's wire schemas (test/docs/api-v1.test.ts keeps the
    // two equal); a blog also carries the mock's workspace_id.
    const fields = (schema: { shape: object }, ...more: string[]) =>
      [...Object.keys(schema.shape), ...more].sort();
    for (const b of (await list('/api/v1/blogs')).body.data) {
      expect(Object.keys(b).sort()).toEqual(fields(blogSchema, 'workspace_id'));
    }
    const articles = (await list('/api/v1/articles')).body.data;
    for (const a of articles) {
      expect(Object.keys(a).sort()).toEqual(fields(articleSchema));
      expect(Number.isInteger(a.reading_time)).toBe(true);
      expect(Array.isArray(a.authors) && Array.isArray(a.tags)).toBe(true);
    }
    expect(articles.some((a) => a.feature_image === null)).toBe(true);
    expect(articles.some((a) => a.feature_image !== null)).toBe(true);
  });
});

describe('section 6: GET /articles query', () => {
  it('format=json is accepted and the default; any other value → 400 unsupported_format', async () => {
    const plain = await (await server().get('/api/v1/articles', { key: FULL })).text();
    expect(await (await server().get('/api/v1/articles?format=json', { key: FULL })).text()).toBe(
      plain,
    );
    for (const value of ['xml', 'JSON', '', 'json,xml']) {
      const res = await server().get(`/api/v1/articles?format=${value}`, { key: FULL });
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe('unsupported_format');
    }
  });

  it('blog by id or by slug gives only that blog’s articles', async () => {
    const byId = (await list('/api/v1/articles?blog=blog_02')).body;
    const bySlug = (await list('/api/v1/articles?blog=northwind-design')).body;
    expect(byId).toEqual(bySlug);
    expect(byId.data.length).toBeGreaterThan(0);
    expect(byId.data.every((a) => a.blog_id === 'blog_02')).toBe(true);
  });

  it('blog not visible → 404 not_found, the same for private, other-workspace and nonexistent', async () => {
    const blogs = ['northwind-internal', 'blog_04', 'lumen-journal', 'blog_05', 'no-such-blog', ''];
    const answers = await blogFilterAnswers(server(), blogs, FULL);
    expect(answers.size).toBe(1);
    expect([...answers][0]).toMatch(/^404 /);
    expect([...answers][0]).toContain('"code":"not_found"');
  });

  it('unknown query parameters are ignored', async () => {
    const plain = await (await server().get('/api/v1/articles', { key: FULL })).text();
    const odd = await server().get('/api/v1/articles?utm_source=x&%ZZ=%E0%A4&sort=desc', {
      key: FULL,
    });
    expect(odd.status).toBe(200);
    expect(await odd.text()).toBe(plain);
  });
});
