import { describe, expect, it } from 'vitest';
import { type LinkArticle, LinkTargets } from '../../src/body/links/link-targets.js';

// A link into the workspace that names no article is broken only when it has the shape of an
// article's address on its host (link-targets.ts): the CMS's other pages stay as written.

const dated: LinkArticle = {
  id: 'art_1',
  slug: 'post-format-gallery',
  blogId: 'wp',
  canonicalUrl: 'https://wp.example.com/2010/09/10/post-format-gallery/',
};
const substack: LinkArticle = {
  id: 'art_2',
  slug: 'plain-text',
  blogId: 'sub',
  canonicalUrl: 'https://example.substack.com/p/plain-text',
};
const plain: LinkArticle = {
  id: 'art_3',
  slug: 'hello-world',
  blogId: 'plain',
  canonicalUrl: 'https://plain.example.com/?p=1',
};
const headless: LinkArticle = { id: 'art_4', slug: 'notes', blogId: 'cms', canonicalUrl: null };
const blogs = [
  { id: 'wp', slug: 'wp', url: 'https://wp.example.com/' },
  { id: 'sub', slug: 'sub', url: 'https://example.substack.com/' },
  { id: 'plain', slug: 'plain', url: 'https://plain.example.com/' },
  { id: 'cms', slug: 'cms', url: 'https://cms.example.com/' },
  { id: 'other', slug: 'other', url: 'https://other.example.com/' },
];

function targets(published = [dated, substack, plain, headless]) {
  return new LinkTargets({
    published,
    blogs,
    inScope: new Set(['wp', 'sub', 'plain', 'cms']),
    articleUrl: (a) => `/${a.blog.slug}/${a.slug}/`,
  });
}

const unknown = { kind: 'broken', reason: 'unknown' };
const outside = { kind: 'outside' };

describe('broken links: only those shaped as an article address of their host', () => {
  it('reports a missing article whose address has the shape of the host’s canonical URLs', () => {
    const t = targets();
    // Another date, another slug: WordPress's dated permalink of a post the key does not read.
    expect(t.target('https://wp.example.com/2023/11/02/a-draft/')).toEqual(unknown);
    expect(t.target('https://example.substack.com/p/a-draft?utm_source=x')).toEqual(unknown);
    // WordPress's plain permalinks: the page is named by its number.
    expect(t.target('https://plain.example.com/?p=2')).toEqual(unknown);
  });

  it('leaves the CMS’s other pages as written, unreported', () => {
    const t = targets();
    for (const href of [
      // An attachment page: one segment under its post.
      'https://wp.example.com/2010/09/10/post-format-gallery/canola2/',
      'https://wp.example.com/category/news/',
      'https://wp.example.com/wp-admin/',
      'https://example.substack.com/subscribe?',
      'https://example.substack.com/p/plain-text/comments',
      'https://plain.example.com/?page_id=2',
      'https://plain.example.com/',
    ])
      expect(t.target(href), href).toEqual(outside);
  });

  it('counts every link on a host where no article has a canonical URL (no shape is known)', () => {
    const t = targets();
    expect(t.target('https://cms.example.com/p/notes/comments')).toEqual(unknown);
    expect(t.target('https://cms.example.com/2024/05/notes/')).toMatchObject({ id: 'art_4' });
  });

  it('applies the shape to a blog out of scope too, and to no link that names an article', () => {
    const t = targets([
      dated,
      {
        ...dated,
        id: 'art_5',
        slug: 'other-post',
        blogId: 'other',
        canonicalUrl: 'https://other.example.com/posts/other-post/',
      },
    ]);
    expect(t.target('https://other.example.com/posts/another/')).toEqual({
      kind: 'broken',
      reason: 'out of scope',
    });
    expect(t.target('https://other.example.com/about/')).toEqual(outside);
    // The published article itself, whatever its shape.
    expect(t.target('https://wp.example.com/2010/09/10/post-format-gallery/#intro')).toMatchObject({
      kind: 'article',
      id: 'art_1',
    });
  });

  it('reaches further when a new shape of address appears (a sync reads every body again)', () => {
    const before = targets([dated]).reach;
    const more = targets([
      dated,
      { ...dated, id: 'art_6', slug: 'page', canonicalUrl: 'https://wp.example.com/about/page/' },
    ]);
    expect(more.reach).not.toEqual(before);
    expect(more.target('https://wp.example.com/about/contact/')).toEqual(unknown);
    // Another article of an existing shape reaches no further.
    const same = targets([
      dated,
      { ...dated, id: 'art_7', slug: 'b', canonicalUrl: 'https://wp.example.com/2011/01/01/b/' },
    ]);
    expect(same.reach).toEqual(before);
  });
});
