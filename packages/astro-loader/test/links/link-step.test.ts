import { describe, expect, it } from 'vitest';
import { linkKey } from '../../src/body/links/link-keys.js';
import { linkBody, writtenLinks } from '../../src/body/links/link-step.js';
import {
  type LinkArticle,
  LinkTargets,
  type LinkTargetsInput,
} from '../../src/body/links/link-targets.js';

const ghost: LinkArticle = {
  id: 'art_1',
  slug: 'conditional-requests',
  blogId: 'blog_1',
  canonicalUrl: 'https://northwind.example.com/conditional-requests/',
};
const wordpress: LinkArticle = {
  id: 'art_2',
  slug: 'type-scale',
  blogId: 'blog_2',
  canonicalUrl: null,
};
const blogs = [
  { id: 'blog_1', slug: 'engineering', url: 'https://northwind.example.com/' },
  { id: 'blog_2', slug: 'design', url: 'https://design.example.com/blog/' },
  { id: 'blog_3', slug: 'private-notes', url: 'https://notes.example.com/' },
];
const articleUrl: LinkTargetsInput['articleUrl'] = (a) => `/blogs/${a.blog.slug}/${a.slug}/`;

function targets(more: Partial<LinkTargetsInput> = {}) {
  return new LinkTargets({ published: [ghost, wordpress], blogs, articleUrl, ...more });
}

describe('linkKey(): URLs compared as link targets', () => {
  it('ignores scheme and host case, default ports, a trailing slash, index.html and tracking parameters', () => {
    const key = linkKey('https://northwind.example.com/a/');
    for (const same of [
      'http://NorthWind.example.com/a',
      'https://northwind.example.com:443/a/index.html',
      'https://northwind.example.com/a/?utm_source=feed#intro',
    ])
      expect(linkKey(same), same).toBe(key);
    expect(linkKey('https://northwind.example.com/b/')).not.toBe(key);
    expect(linkKey('https://northwind.example.com/a/?p=12')).not.toBe(key);
    expect(linkKey('mailto:someone@example.com')).toBeUndefined();
    expect(linkKey('/relative/')).toBeUndefined();
  });
});

describe('LinkTargets: what a link names', () => {
  it('finds an article by its canonical URL, and by its blog URL and a path ending in its slug', () => {
    const t = targets();
    expect(t.target('http://northwind.example.com/conditional-requests#etags')).toEqual({
      kind: 'article',
      id: 'art_1',
      href: '/blogs/engineering/conditional-requests/#user-content-etags',
    });
    // WordPress's dated permalinks, under the blog's URL.
    expect(t.target('https://design.example.com/blog/2024/05/type-scale/')).toEqual({
      kind: 'article',
      id: 'art_2',
      href: '/blogs/design/type-scale/',
    });
  });

  it('tells broken links into the workspace from links elsewhere', () => {
    const t = targets({
      inScope: new Set(['blog_1', 'blog_2']),
      filteredOut: [{ id: 'art_9', slug: 'old', blogId: 'blog_1', canonicalUrl: null }],
    });
    expect(t.target('https://northwind.example.com/old/')).toEqual({
      kind: 'broken',
      reason: 'filtered out',
    });
    expect(t.target('https://notes.example.com/secret/')).toEqual({
      kind: 'broken',
      reason: 'out of scope',
    });
    expect(t.target('https://northwind.example.com/never-written/')).toEqual({
      kind: 'broken',
      reason: 'unknown',
    });
    expect(t.target('https://elsewhere.example.org/conditional-requests/')).toEqual({
      kind: 'outside',
    });
  });

  it('refuses a route that is neither a path on the site nor an http(s) URL, naming the article', () => {
    for (const bad of ['javascript:alert(1)', '//evil.example/x', 'blogs/x', ''])
      expect(() => targets({ articleUrl: () => bad }).target(ghost.canonicalUrl ?? '')).toThrow(
        /^articleUrl\(\) gave .* for article art_1: it must return a path on the site/,
      );
  });
});

describe('linkBody(): the link step', () => {
  it('with rescan, also reads the anchors it did not record (the workspace gained a host)', () => {
    const outside = '<p><a href="https://new.example.com/fresh/">new</a></p>';
    const first = linkBody(outside, targets(), 'keep');
    expect(first.links).toEqual([]);
    const later = targets({
      published: [{ id: 'art_4', slug: 'fresh', blogId: 'blog_4', canonicalUrl: null }],
      blogs: [...blogs, { id: 'blog_4', slug: 'new', url: 'https://new.example.com/' }],
    });
    expect(linkBody(first.html, later, 'keep', first.links).html).toBe(outside);
    expect(linkBody(first.html, later, 'keep', first.links, true).html).toBe(
      '<p><a href="/blogs/new/fresh/">new</a></p>',
    );
  });

  const body =
    '<p>See <a href="https://northwind.example.com/conditional-requests/#etags">ETags</a>, ' +
    '<a href="https://example.org/?a=1&amp;b=2">elsewhere</a>, ' +
    '<a href="https://northwind.example.com/gone/" title="old">a gone one</a> and ' +
    '<a href="https://design.example.com/blog/type-scale">type</a>.</p>';

  it('points links to published articles at their pages, and leaves the rest as written', () => {
    const linked = linkBody(body, targets(), 'keep');
    expect(linked.html).toBe(
      '<p>See <a href="/blogs/engineering/conditional-requests/#user-content-etags">ETags</a>, ' +
        '<a href="https://example.org/?a=1&amp;b=2">elsewhere</a>, ' +
        '<a href="https://northwind.example.com/gone/" title="old">a gone one</a> and ' +
        '<a href="/blogs/design/type-scale/">type</a>.</p>',
    );
    expect(linked.broken).toEqual([
      { href: 'https://northwind.example.com/gone/', reason: 'unknown' },
    ]);
    expect(linked.links.map(([at]) => at)).toEqual([0, 2, 3]);
  });

  it('reads and writes the href attribute itself, not " href=" inside another value', () => {
    const tricky =
      '<p><a title="x href=" href="https://northwind.example.com/conditional-requests/">a</a> ' +
      '<a title="y href=" data-x="https://northwind.example.com/conditional-requests/">b</a></p>';
    const linked = linkBody(tricky, targets(), 'keep');
    expect(linked.html).toBe(
      '<p><a href="/blogs/engineering/conditional-requests/" title="x href=">a</a> ' +
        '<a title="y href=" data-x="https://northwind.example.com/conditional-requests/">b</a></p>',
    );
    expect(linked.links).toEqual([[0, 'https://northwind.example.com/conditional-requests/']]);
    expect(writtenLinks(linked.html, linked.links)).toEqual([
      '/blogs/engineering/conditional-requests/',
    ]);
  });

  it('escapes the href it writes, and reads it back as written', () => {
    const t = targets({ articleUrl: (a) => `/blogs/"><script>/${a.slug}?a=1&b=2` });
    const linked = linkBody(body, t, 'keep');
    expect(linked.html).toContain(
      '<a href="/blogs/&quot;&gt;&lt;script&gt;/type-scale?a=1&amp;b=2">type</a>',
    );
    expect(linked.html).not.toContain('<script>');
    expect(writtenLinks(linked.html, linked.links)[2]).toBe('/blogs/"><script>/type-scale?a=1&b=2');
    expect(linkBody(linked.html, t, 'keep', linked.links).html).toBe(linked.html);
  });

  it('unlinks broken links, keeping their text, and links them once their target is published', () => {
    const unlinked = linkBody(body, targets(), 'unlink');
    expect(unlinked.html).toContain('<a title="old">a gone one</a>');
    expect(writtenLinks(unlinked.html, unlinked.links)[1]).toBeNull();
    const gone = { id: 'art_3', slug: 'gone', blogId: 'blog_1', canonicalUrl: null };
    const later = targets({ published: [ghost, wordpress, gone] });
    const relinked = linkBody(unlinked.html, later, 'unlink', unlinked.links);
    expect(relinked.html).toBe(linkBody(body, later, 'unlink').html);
    expect(relinked.html).toContain(
      '<a href="/blogs/engineering/gone/" title="old">a gone one</a>',
    );
  });

  it('follows a moved, removed or newly published target from what it recorded, as a fresh render would', () => {
    const first = linkBody(body, targets(), 'keep');
    // The design blog's slug changes, art_1 is removed, and the gone one is published.
    const later = {
      published: [
        { ...wordpress },
        { id: 'art_3', slug: 'gone', blogId: 'blog_1', canonicalUrl: null },
      ],
      blogs: blogs.map((b) => (b.id === 'blog_2' ? { ...b, slug: 'design-notes' } : b)),
    };
    const relinked = linkBody(first.html, targets(later), 'keep', first.links);
    const fresh = linkBody(body, targets(later), 'keep');
    expect(relinked.html).toBe(fresh.html);
    expect(relinked.links).toEqual(fresh.links);
    expect(relinked.html).toContain(
      '<a href="https://northwind.example.com/conditional-requests/#etags">',
    );
    // Linked again with nothing changed: the same body.
    expect(linkBody(relinked.html, targets(later), 'keep', relinked.links).html).toBe(
      relinked.html,
    );
  });
});
