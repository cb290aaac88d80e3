import { describe, expect, it } from 'vitest';
import { type ProxyOptions, proxySettings } from '../../../src/build-time/integration/options.js';
import { ContentReadSetupError } from '../../../src/shared/errors.js';
import { expectProxyError, proxyAt } from '../../helpers/proxy.js';
import { useRecordingUpstream } from '../../helpers/recording-upstream.js';

const KEY = 'demo-full-access-key';
const LEAN = ['id', 'slug', 'blog_id', 'title', 'excerpt', 'tags', 'published_at', 'feature_image'];

type Listing = { data: Record<string, unknown>[]; meta: { total: number; per_page: number } };

describe('fields=: lean listings through the proxy (a projection of ours, never sent upstream)', () => {
  const rig = useRecordingUpstream();
  const proxy = (options: Partial<ProxyOptions> = {}) =>
    proxyAt(proxySettings({ path: '/api/content', ...options }), rig.upstream.baseUrl, KEY);

  it('cuts each item to the fields named, in the envelope, with an ETag of its own and links that keep them', async () => {
    const get = proxy();
    const start = rig.upstream.seen.length;
    const full = await get('/api/content/articles?per_page=5');
    const lean = await get('/api/content/articles?fields=id%2Cslug%2Ctitle&per_page=5');
    expect(lean.status).toBe(200);
    const [fullBody, leanBody] = (await Promise.all([full.json(), lean.json()])) as [
      Listing,
      Listing,
    ];
    expect(leanBody.meta).toEqual(fullBody.meta);
    expect(leanBody.data).toEqual(
      fullBody.data.map((a) => ({ id: a.id, slug: a.slug, title: a.title })),
    );
    // In the contract's order, each once: one cache entry for every spelling.
    expect(Object.keys(leanBody.data[0] ?? {})).toEqual(['id', 'slug', 'title']);
    const etag = lean.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(etag).not.toBe(full.headers.get('etag'));
    expect(lean.headers.get('link')).toMatch(
      /^<\/api\/content\/articles\?fields=id%2Cslug%2Ctitle&page=2&per_page=5>; rel="next"/,
    );
    const again = await get('/api/content/articles?fields=id%2Cslug%2Ctitle&per_page=5', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    // One upstream page for all three requests, and never a `fields` parameter.
    const seen = rig.upstream.seen.slice(start);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.path).not.toContain('fields');
  });

  it('a lean page is a small fraction of the full one', async () => {
    const get = proxy();
    const full = await (await get('/api/content/articles')).arrayBuffer();
    const lean = await (
      await get(`/api/content/articles?fields=${encodeURIComponent(LEAN.join(','))}`)
    ).arrayBuffer();
    expect(lean.byteLength).toBeLessThan(full.byteLength * 0.25);
  });

  it('refuses a field it does not know, or one the proxy does not serve, naming those it does', async () => {
    await expectProxyError(
      await proxy()('/api/content/blogs?fields=id%2Chtml'),
      400,
      'invalid_parameter',
      'Unknown field "html" in fields: blogs has id, slug, name, description, url, language, created_at, updated_at.',
    );
    expect((await proxy()('/api/content/articles?fields=')).status).toBe(400);
    expect((await proxy()('/api/content/articles?fields=id&fields=slug')).status).toBe(400);
    const lean = proxy({ fields: { articles: LEAN } });
    await expectProxyError(
      await lean('/api/content/articles?fields=id%2Chtml'),
      400,
      'invalid_parameter',
      `Unknown field "html" in fields: articles has ${LEAN.join(', ')}.`,
    );
  });

  it('with configured fields, never serves more: a request without fields= gets them', async () => {
    const get = proxy({ fields: { articles: LEAN } });
    const response = await get('/api/content/articles?per_page=3');
    const body = (await response.json()) as Listing;
    // In the configured order.
    for (const item of body.data) expect(Object.keys(item)).toEqual(LEAN);
    expect(JSON.stringify(body)).not.toContain('"html"');
    // Its links need no fields=: the default applies to every page.
    expect(response.headers.get('link')).not.toContain('fields=');
    const narrower = (await (await get('/api/content/articles?fields=id')).json()) as Listing;
    expect(Object.keys(narrower.data[0] ?? {})).toEqual(['id']);
    // Blogs were not narrowed: whole.
    const blogs = (await (await get('/api/content/blogs')).json()) as Listing;
    expect(Object.keys(blogs.data[0] ?? {})).toContain('description');
  });

  it('applies after the blog restriction', async () => {
    const get = proxy({ blogs: ['northwind-design'] });
    const body = (await (
      await get('/api/content/articles?fields=id%2Cblog_id&per_page=500')
    ).json()) as Listing;
    expect(body.data.length).toBeGreaterThan(0);
    expect(new Set(body.data.map((a) => a.blog_id))).toEqual(new Set(['blog_02']));
    for (const item of body.data) expect(Object.keys(item)).toEqual(['id', 'blog_id']);
  });

  it('refuses configured fields that are not the contract’s, at setup, in one line', () => {
    expect(() =>
      proxySettings({ path: '/api/content', fields: { articles: ['id', 'body'] } }),
    ).toThrow(
      new ContentReadSetupError(
        'contentRead(): proxy.fields.articles must list fields of articles (id, blog_id, slug, title, excerpt, html, authors, tags, feature_image, canonical_url, reading_time, published_at, updated_at); "body" is not one.',
      ),
    );
    expect(() =>
      proxySettings({ path: '/api/content', fields: { authors: ['id'] } as never }),
    ).toThrow(/proxy\.fields\.authors is not a listing/);
  });
});
