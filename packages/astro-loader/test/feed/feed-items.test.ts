import type { RSSFeedItem } from '@astrojs/rss';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type FeedEntry, type FeedItem, feedItems } from '../../src/body/feed/feed-items.js';
import { recordLinks } from '../../src/body/links/link-step.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';
import type { ArticleData } from '../../src/shared/entries/schema.js';

const SITE = 'https://blog.example/';

/** A build-time article entry as `getCollection('articles')` gives it. */
function entry(id: string, publishedAt: string, extra: Partial<ArticleData> = {}, html?: string) {
  const body = renderArticleHtml(html ?? `<p>Body of ${id} <img src="/img/${id}.png"></p>`);
  const data: ArticleData = {
    articleId: id,
    blog: { collection: 'blogs', id: 'b1' },
    slug: id,
    title: `Title ${id}`,
    excerpt: `Excerpt ${id}`,
    authors: [{ name: 'Ada Lovelace', slug: 'ada' }],
    tags: ['astro'],
    featureImage: null,
    canonicalUrl: null,
    readingTime: 3,
    publishedAt: new Date(publishedAt),
    updatedAt: new Date(publishedAt),
    embeds: body.embeds,
    ...extra,
  };
  return { id, collection: 'articles' as const, data, rendered: { html: body.html } };
}

const link = (e: { id: string }) => `/articles/${e.id}/`;

describe('feedItems', () => {
  it('gives @astrojs/rss items: its types accept them, and build and live entries are taken', () => {
    const items = feedItems([entry('a', '2025-01-01T00:00:00Z')], { site: SITE, link });
    expectTypeOf(items).toEqualTypeOf<FeedItem[]>();
    const rss: RSSFeedItem[] = items;
    expect(rss).toHaveLength(1);
    // A live entry: data and rendered, no collection.
    const live: FeedEntry = {
      id: 'l',
      data: entry('l', '2025-01-01').data,
      rendered: { html: '' },
    };
    expect(feedItems([live], { site: new URL(SITE), link })[0]?.link).toBe(
      'https://blog.example/articles/l/',
    );
  });

  it("links each item to the site's route for the article (articleUrl), as the loaders do", () => {
    const a = entry('a', '2025-01-01T00:00:00Z');
    // A route by ids needs no blogs at hand.
    const byId = feedItems([a], { site: SITE, articleUrl: (r) => `/articles/${r.id}/` });
    expect(byId[0]?.link).toBe('https://blog.example/articles/a/');
    // A route by the blog's slug reads it from the blog entries given.
    const bySlug = (r: { slug: string; blog: { slug: string } }) =>
      `/blogs/${r.blog.slug}/${r.slug}/`;
    const blogs = [{ id: 'b1', data: { slug: 'engineering' } }];
    expect(feedItems([a], { site: SITE, articleUrl: bySlug, blogs })[0]?.link).toBe(
      'https://blog.example/blogs/engineering/a/',
    );
    expect(() => feedItems([a], { site: SITE, articleUrl: bySlug })).toThrow(
      "feedItems: articleUrl() reads the blog's slug of article a: give the blog entries too (blogs: await getCollection('blogs')).",
    );
    expect(() => feedItems([a], { site: SITE, articleUrl: bySlug, blogs: [] })).toThrow(
      /^feedItems: article a is of blog b1, which the blogs given do not hold/,
    );
    // The route is checked as a link is.
    expect(() => feedItems([a], { site: SITE, articleUrl: () => 'javascript:alert(1)' })).toThrow(
      /^feedItems: the link of entry a is "javascript:alert\(1\)": articleUrl\(\) or link\(\) must give a path or an http\(s\) URL$/,
    );
  });

  it('takes articleUrl or link, exactly one', () => {
    const a = [entry('a', '2025-01-01T00:00:00Z')];
    expect(() => feedItems(a, { site: SITE })).toThrow(/^feedItems: give articleUrl .* or link/);
    expect(() => feedItems(a, { site: SITE, link, articleUrl: (r) => `/${r.id}/` })).toThrow(
      'feedItems: give articleUrl or link, not both',
    );
  });

  it('maps an entry: title, absolute link, pubDate, excerpt, tags, authors, image, body', () => {
    const [item] = feedItems(
      [
        entry(
          'a1',
          '2025-03-04T05:06:07Z',
          {
            authors: [
              { name: 'Ada Lovelace', slug: 'ada' },
              { name: 'Tom & Jerry <Co>', slug: 'tj' },
            ],
            tags: ['astro', 'rss & feeds'],
            featureImage: {
              url: 'https://img.example/hero.jpg?w=1200&h=630',
              alt: 'A "hero" image',
              width: 1200,
              height: 630,
            },
          },
          '<p>Hello <a href="/about" class="x">about</a></p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
        ),
      ],
      { site: SITE, link },
    );
    expect(item).toEqual({
      title: 'Title a1',
      link: 'https://blog.example/articles/a1/',
      pubDate: new Date('2025-03-04T05:06:07Z'),
      description: 'Excerpt a1',
      categories: ['astro', 'rss & feeds'],
      content:
        '<p>Hello <a href="https://blog.example/about">about</a></p><p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Watch on YouTube</a></p>',
      customData:
        '<dc:creator>Ada Lovelace</dc:creator><dc:creator>Tom &amp; Jerry &lt;Co&gt;</dc:creator>' +
        '<media:content url="https://img.example/hero.jpg?w=1200&amp;h=630" medium="image" width="1200" height="630">' +
        '<media:description type="plain">A "hero" image</media:description></media:content>',
    });
  });

  it('leaves out what an article lacks: excerpt, authors, image, body', () => {
    const bare = entry('b', '2025-01-01T00:00:00Z', { excerpt: null, authors: [] });
    const [item] = feedItems([{ ...bare, rendered: undefined }], { site: SITE, link });
    expect(item).toEqual({
      title: 'Title b',
      link: 'https://blog.example/articles/b/',
      pubDate: new Date('2025-01-01T00:00:00Z'),
      categories: ['astro'],
    });
    const [noBody] = feedItems([entry('c', '2025-01-01')], { site: SITE, link, content: false });
    expect(noBody?.content).toBeUndefined();
  });

  it('gives the newest `limit` items (50 by default), newest first, ties by id', () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      entry(
        `e${String(i).padStart(3, '0')}`,
        new Date(Date.UTC(2024, 0, 1 + (i % 100))).toISOString(),
      ),
    );
    const shuffled = [...many].sort((a, b) =>
      a.id.split('').reverse().join() < b.id.split('').reverse().join() ? -1 : 1,
    );
    const items = feedItems(shuffled, { site: SITE, link });
    expect(items).toHaveLength(50);
    const expected = [...many]
      .sort(
        (a, b) =>
          b.data.publishedAt.getTime() - a.data.publishedAt.getTime() || (a.id < b.id ? -1 : 1),
      )
      .slice(0, 50)
      .map((e) => `https://blog.example/articles/${e.id}/`);
    expect(items.map((i) => i.link)).toEqual(expected);
    expect(feedItems(many, { site: SITE, link, limit: 3 }).map((i) => i.title)).toEqual([
      'Title e099',
      'Title e098',
      'Title e097',
    ]);
    // Fewer entries than the limit: all of them, sorted.
    expect(feedItems(many.slice(0, 3), { site: SITE, link }).map((i) => i.title)).toEqual([
      'Title e002',
      'Title e001',
      'Title e000',
    ]);
    // Same input, same items (guids are the links).
    expect(feedItems(shuffled, { site: SITE, link })).toEqual(items);
  });

  it('renders only the bodies of the items it gives', () => {
    let read = 0;
    const counted = Array.from({ length: 500 }, (_, i) => {
      const made = entry(`n${i}`, new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString());
      return {
        ...made,
        get rendered() {
          read++;
          return made.rendered;
        },
      };
    });
    expect(feedItems(counted, { site: SITE, link, limit: 10 })).toHaveLength(10);
    expect(read).toBe(10);
  });

  it("resolves the body's relative URLs against the item's page, or the base given", () => {
    const e = entry(
      'r',
      '2025-01-01',
      { canonicalUrl: 'https://old-cms.example/p/r/' },
      '<img src="img/a.png">',
    );
    expect(feedItems([e], { site: SITE, link })[0]?.content).toBe(
      '<img src="https://blog.example/articles/r/img/a.png">',
    );
    expect(feedItems([e], { site: SITE, link, base: (x) => x.data.canonicalUrl })[0]?.content).toBe(
      '<img src="https://old-cms.example/p/r/img/a.png">',
    );
    // A base that is not an absolute http(s) URL: the page again.
    expect(feedItems([e], { site: SITE, link, base: () => 'nope' })[0]?.content).toBe(
      '<img src="https://blog.example/articles/r/img/a.png">',
    );
  });

  it('makes links between articles absolute on the site, whatever the base of the other URLs', () => {
    const e = entry('l', '2025-01-01', { canonicalUrl: 'https://old-cms.example/p/l/' });
    const linked = {
      ...e,
      rendered: {
        html: '<p><a href="/blogs/news/other/#intro">other</a> <a href="/about/">about</a></p>',
        // As the link step records them: the first is a link it wrote.
        metadata: { links: recordLinks([[0, 'https://old-cms.example/other/']]) },
      },
    };
    expect(
      feedItems([linked], { site: SITE, link, base: (x) => x.data.canonicalUrl })[0]?.content,
    ).toBe(
      '<p><a href="https://blog.example/blogs/news/other/#intro">other</a> <a href="https://old-cms.example/about/">about</a></p>',
    );
  });

  it('takes absolute links as they are, and says what is wrong with a site, link or limit', () => {
    const e = entry('x', '2025-01-01');
    expect(feedItems([e], { site: SITE, link: () => 'https://elsewhere.example/x' })[0]?.link).toBe(
      'https://elsewhere.example/x',
    );
    expect(() => feedItems([e], { site: undefined, link })).toThrow(/set `site` in astro.config/);
    expect(() => feedItems([e], { site: '/relative', link })).toThrow(TypeError);
    expect(() => feedItems([e], { site: SITE, link: () => 'javascript:alert(1)' })).toThrow(
      /the link of entry x is "javascript:alert\(1\)"/,
    );
    expect(() => feedItems([e], { site: SITE, link, limit: 0 })).toThrow(RangeError);
    expect(() => feedItems([e], { site: SITE, link, limit: 1.5 })).toThrow(RangeError);
  });

  it('removes characters XML forbids from the text it copies', () => {
    const e = entry('z', '2025-01-01', {
      title: 'Ti\u0000tle',
      excerpt: 'Ex\u0008cerpt',
      tags: ['t\u001fag'],
      authors: [{ name: 'Na\u000bme', slug: 'n' }],
    });
    const [item] = feedItems([e], { site: SITE, link });
    expect([item?.title, item?.description, item?.categories, item?.customData]).toEqual([
      'Title',
      'Excerpt',
      ['tag'],
      '<dc:creator>Name</dc:creator>',
    ]);
  });
});
