import { describe, expect, it } from 'vitest';
import { cacheKey } from '../../src/shared/entries/cache-key.js';
import { CacheKeyError } from '../../src/shared/errors.js';

const article = (id: string, digest: string) => ({ id, collection: 'articles', digest });
const blog = { id: 'news', collection: 'blogs', digest: 'b1' };

describe('cacheKey()', () => {
  it('gives the same parts the same key, every time', () => {
    expect(cacheKey(article('a', 'd1'), blog)).toBe(cacheKey(article('a', 'd1'), { ...blog }));
    expect(cacheKey([article('a', 'd1'), article('b', 'd2')], 3)).toBe(
      cacheKey([article('a', 'd1'), article('b', 'd2')], 3),
    );
  });

  it('gives another key when any digest, the order, an entry or another value changes', () => {
    const list = [article('a', 'd1'), article('b', 'd2')];
    const keys = [
      cacheKey(list, 3),
      cacheKey([article('a', 'd1'), article('b', 'd2-edited')], 3),
      cacheKey([article('b', 'd2'), article('a', 'd1')], 3),
      cacheKey([article('a', 'd1')], 3),
      cacheKey(list, 4),
      cacheKey(list, 3, blog),
      cacheKey(list, 3, { ...blog, digest: 'b2' }),
      cacheKey([{ ...article('a', 'd1'), collection: 'drafts' }, article('b', 'd2')], 3),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is a short string, whatever the number of entries', () => {
    const many = Array.from({ length: 1000 }, (_, i) => article(`art_${i}`, `digest-${i}`));
    expect(cacheKey(many)).toMatch(/^[0-9a-z]{1,11}-[0-9a-z]{1,11}$/);
  });

  it('keys an entry without a digest (file()) by its data, body and rendered HTML', () => {
    const entry = (title: string, html = '<p>a</p>') => ({
      id: 'about',
      collection: 'pages',
      data: { title },
      rendered: { html },
    });
    expect(cacheKey(entry('About'))).toBe(cacheKey(entry('About')));
    const keys = [
      cacheKey(entry('About')),
      cacheKey(entry('About us')),
      cacheKey(entry('About', '<p>b</p>')),
      cacheKey({ ...entry('About'), body: 'a' }),
      cacheKey({ ...entry('About'), id: 'team' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses an entry with neither a digest nor data, naming it and what to pass instead', () => {
    const bare = { id: 'about', collection: 'pages' };
    expect(() => cacheKey(blog, [bare])).toThrow(CacheKeyError);
    expect(() => cacheKey(bare)).toThrow(
      /^cacheKey\(\): entry "about" of collection "pages" has neither a digest nor data\. Pass entries as getCollection\(\) or getEntry\(\) return them\.$/,
    );
  });
});
