import { articleSchema, blogSchema } from '@content-read/core';
import { describe, expect, it } from 'vitest';
import { articleData, blogData, webUrl } from '../../src/shared/entries/mapping.js';
import { articleEntrySchema, blogEntrySchema } from '../../src/shared/entries/schema.js';

// As core hands them over: checked by its wire schema (unknown fields kept).
const article = articleSchema.parse({
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
  updated_at: '2024-02-02T05:04:05+02:00',
  unknown_field: { kept: 'ignored' },
});

describe('mapping API objects to entries', () => {
  it("maps an article to camelCase data with Dates and a reference, which the entry schema keeps as it is (the body's embeds are the loader's: none by default)", () => {
    const data = articleData(article);
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
    expect(articleEntrySchema.parse(data)).toEqual({ ...data, embeds: [] });
  });

  it('refers to the blogs collection and blog entry id it is given', () => {
    const data = articleData(article, {
      blogsCollection: 'sources',
      blogEntryId: (id) => `blog-${id.length}`,
    });
    expect(data.blog).toEqual({ collection: 'sources', id: 'blog-6' });
  });

  it('maps a blog', () => {
    const blog = blogSchema.parse({
      id: 'b1',
      slug: 'eng',
      name: 'Engineering',
      description: 'd',
      url: null,
      language: 'en',
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    });
    const data = blogData(blog);
    expect(data).toMatchObject({
      blogId: 'b1',
      slug: 'eng',
      language: 'en',
      createdAt: new Date('2024-01-01T00:00:00Z'),
    });
    expect(blogEntrySchema.parse(data)).toEqual(data);
  });

  it('keeps a URL field only with a web scheme: a page writes it into href or src as it is', () => {
    for (const safe of ['https://e.test/a', 'http://e.test/', '/posts/a', 'posts/a', '//e.test/a'])
      expect(webUrl(safe), safe).toBe(safe);
    for (const unsafe of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'http://[bad',
    ])
      expect(webUrl(unsafe), unsafe).toBeNull();
    const hostile = articleSchema.parse({
      ...article,
      canonical_url: 'java\tscript:alert(1)',
      feature_image: { url: 'javascript:alert(1)', alt: null, width: null, height: null },
    });
    expect(articleData(hostile)).toMatchObject({ canonicalUrl: null, featureImage: null });
    const blog = blogSchema.parse({
      id: 'b1',
      slug: 'eng',
      name: 'Engineering',
      description: null,
      url: 'javascript:alert(1)',
      language: null,
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    });
    expect(blogData(blog).url).toBeNull();
    expect(articleData({ ...article, canonical_url: 'https://old.e.test/a' }).canonicalUrl).toBe(
      'https://old.e.test/a',
    );
  });
});
