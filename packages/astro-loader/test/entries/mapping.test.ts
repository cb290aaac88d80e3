import { describe, expect, it } from 'vitest';
import {
  articleData,
  blogData,
  checkItem,
  wireArticleSchema,
  wireBlogSchema,
} from '../../src/entries/mapping.js';
import { articleSchema, blogSchema } from '../../src/entries/schema.js';

const wireArticle = {
  id: 'art_1',
  blog_id: 'blog/1',
  slug: 'hello',
  title: 'Hello',
  excerpt: null,
  html: '<p>x</p>',
  authors: [{ name: 'Ann', slug: 'ann', extra: 1 }],
  tags: ['a'],
  feature_image: { url: 'https://e.test/i.png', alt: null, width: 10, height: null },
  canonical_url: null,
  reading_time: 3,
  published_at: '2024-01-02T03:04:05Z',
  updated_at: '2024-02-02T03:04:05Z',
  unknown_field: { kept: 'ignored' },
};

describe('mapping API objects to entries', () => {
  it('maps an article to camelCase data that the schema turns into Dates and a reference', () => {
    const checked = checkItem(wireArticleSchema, wireArticle);
    if (!checked.ok) throw new Error('expected a valid article');
    const data = articleSchema.parse(articleData(checked.value));
    expect(data).toEqual({
      articleId: 'art_1',
      blog: { collection: 'blogs', id: '~YmxvZy8x' },
      slug: 'hello',
      title: 'Hello',
      excerpt: null,
      authors: [{ name: 'Ann', slug: 'ann' }],
      tags: ['a'],
      featureImage: { url: 'https://e.test/i.png', alt: null, width: 10, height: null },
      canonicalUrl: null,
      readingTime: 3,
      publishedAt: new Date('2024-01-02T03:04:05Z'),
      updatedAt: new Date('2024-02-02T03:04:05Z'),
    });
  });

  it('maps a blog', () => {
    const blog = {
      id: 'b1',
      slug: 'eng',
      name: 'Engineering',
      description: 'd',
      url: null,
      language: 'en',
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    };
    const checked = checkItem(wireBlogSchema, blog);
    if (!checked.ok) throw new Error('expected a valid blog');
    expect(blogSchema.parse(blogData(checked.value))).toMatchObject({
      blogId: 'b1',
      slug: 'eng',
      language: 'en',
      createdAt: new Date('2024-01-01T00:00:00Z'),
    });
  });

  it('names the article id and the field of a bad article', () => {
    const checked = checkItem(wireArticleSchema, { ...wireArticle, published_at: 'yesterday' });
    expect(checked).toEqual({
      ok: false,
      problem: { id: 'art_1', field: 'published_at', problem: 'not an RFC 3339 date' },
    });
    const missing = checkItem(wireArticleSchema, { ...wireArticle, title: undefined });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.problem).toMatchObject({ id: 'art_1', field: 'title' });
  });

  it('tolerates fields the API may leave out', () => {
    const { excerpt, authors, tags, feature_image, canonical_url, ...rest } = wireArticle;
    const checked = checkItem(wireArticleSchema, rest);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problem));
    expect(articleData(checked.value)).toMatchObject({
      excerpt: null,
      authors: [],
      tags: [],
      featureImage: null,
      canonicalUrl: null,
    });
  });
});
