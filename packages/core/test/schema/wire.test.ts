// The one description of the wire: strict on values, tolerant of unknown and left-out fields.
import { describe, expect, test } from 'vitest';
import { articleSchema, blogSchema } from '../../src/index.js';
import { parseList } from '../../src/schema/validate.js';
import { article, blog } from '../helpers.js';

const keep = (text: string) => text;

describe('timestamps are RFC 3339 with an offset', () => {
  test.each(['2024-01-02T03:04:05Z', '2024-01-02T03:04:05.123Z', '2024-01-02T05:04:05+02:00'])(
    '%s is accepted',
    (value) => {
      expect(articleSchema.safeParse(article('a1', { published_at: value })).success).toBe(true);
    },
  );

  test.each([
    '2024/01/02',
    'Jan 2 2024',
    '2024-01-02 10:00:00', // no offset: would be read in the build machine's time zone
    '2024-01-02T10:00:00', // likewise
    'yesterday',
  ])('%s is refused', (value) => {
    const result = blogSchema.safeParse(blog('b1', { created_at: value }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['created_at'],
      message: 'not an RFC 3339 date',
    });
  });
});

describe('a bad item is named by id and field', () => {
  test('in a list page', () => {
    const page = parseList(
      articleSchema,
      [article('a1'), article('art_1', { published_at: 'yesterday' })],
      '/api/v1/articles',
      keep,
      'skip',
    );
    expect(page.items.map((a) => a.id)).toEqual(['a1']);
    expect(page.invalid).toMatchObject([
      { id: 'art_1', index: 1, field: 'published_at', problem: 'not an RFC 3339 date' },
    ]);
  });

  test.each([
    ['an empty id', { id: '' }, 'id'],
    ['an empty slug', { slug: '' }, 'slug'],
    ['a negative reading time', { reading_time: -1 }, 'reading_time'],
    ['a missing title', { title: undefined }, 'title'],
  ])('%s', (_, change, field) => {
    const result = articleSchema.safeParse({ ...article('a1'), ...change });
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

test('fields the API may leave out read as null or empty, unknown fields are kept', () => {
  const { excerpt, authors, tags, feature_image, canonical_url, ...rest } = article('a1', {
    unknown_field: { kept: true },
  });
  expect(articleSchema.parse(rest)).toMatchObject({
    excerpt: null,
    authors: [],
    tags: [],
    feature_image: null,
    canonical_url: null,
    unknown_field: { kept: true },
  });
  const { description, url, language, ...bare } = blog('b1');
  expect(blogSchema.parse(bare)).toMatchObject({ description: null, url: null, language: null });
});
