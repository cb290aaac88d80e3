import { describe, expect, it } from 'vitest';
import { wireArticleSchema } from '../../src/mapping.js';
import { invalidProblem, skipInvalidFetch } from '../../src/skip-invalid-fetch.js';

const good = {
  id: 'a1',
  blog_id: 'b1',
  slug: 's',
  title: 't',
  excerpt: null,
  html: '<p>x</p>',
  authors: [],
  tags: [],
  feature_image: null,
  canonical_url: null,
  reading_time: 1,
  published_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
};

function serving(body: unknown, status = 200): typeof fetch {
  return async () =>
    new Response(status === 304 ? null : JSON.stringify(body), {
      status,
      headers: { etag: '"x"', 'content-type': 'application/json' },
    });
}

describe('skipInvalidFetch', () => {
  it('swaps an invalid item for a placeholder naming it, keeping ids, meta and headers', async () => {
    const body = { data: [good, { ...good, id: 'a2', title: 5 }], meta: { total: 2 } };
    const res = await skipInvalidFetch(
      wireArticleSchema,
      serving(body),
    )('http://127.0.0.1/api/v1/articles');
    expect(res.headers.get('etag')).toBe('"x"');
    const out = (await res.json()) as { data: Record<string, unknown>[]; meta: unknown };
    expect(out.meta).toEqual({ total: 2 });
    expect(out.data.map((i) => i.id)).toEqual(['a1', 'a2']);
    expect(invalidProblem(out.data[0] ?? {})).toBeUndefined();
    expect(invalidProblem(out.data[1] ?? {})).toMatchObject({ id: 'a2', field: 'title' });
  });

  it('passes other responses through untouched', async () => {
    const res = await skipInvalidFetch(wireArticleSchema, serving(null, 304))('http://127.0.0.1/x');
    expect(res.status).toBe(304);
  });
});
