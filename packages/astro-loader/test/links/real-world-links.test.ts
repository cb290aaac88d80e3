import { afterAll, describe, expect, it } from 'vitest';
import { linkKey } from '../../src/body/links/link-keys.js';
import { linkBody } from '../../src/body/links/link-step.js';
import {
  type BrokenReason,
  type LinkArticle,
  LinkTargets,
  type LinkTargetsInput,
} from '../../src/body/links/link-targets.js';
import { CLASS_PRESETS } from '../../src/body/sanitise/classes.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';
import { realWorldBodies } from '../sanitiser/real-world-bodies.js';

/**
 * Links between the posts of real exports (real-world/bodies: a body whose .json has `export`,
 * the facts of the posts it links to, and `expect.linksTo`, its links into the site): each link
 * to a post of the export points at that post's page on the site once the body is sanitised and
 * linked, and every other link is left as written. A link into the site that names no article
 * is left as written too: reported broken when it has the shape of the site's article addresses
 * (or the site gives no canonical URL to tell it by), unreported when it has not (an attachment
 * page, a subscribe page): `linksTo` says why, case by case.
 */
type Form = 'canonical URL' | 'blog URL + path' | 'relative';

/** A link of the body into the site: to a post (`form`: how it names it) or left as written (`stays`). */
interface LinkTo {
  /** The attribute value as the source writes it (entities decoded). */
  href: string;
  /** The slug of the post it names, or null. */
  post: string | null;
  form?: Form;
  /** The reason the link step reports when it names no article. */
  stays?: BrokenReason;
  /** Into the site, but not the shape of an article's address there: as written, unreported. */
  unreported?: boolean;
  why?: string;
}
interface ExportFacts {
  /** The blog's URL: the site the export is of. */
  site: string;
  /** The blog's slug on our site (also its id here). */
  blog: string;
  posts: { id: string; slug: string; title: string; canonicalUrl: string | null }[];
  note: string;
}
interface Body {
  cms: string;
  export?: ExportFacts;
  expect: { relativeUrls?: string[]; linksTo?: LinkTo[] };
}

const bodies = realWorldBodies<Body>().flatMap((body) =>
  body.export && body.expect.linksTo?.length
    ? [{ ...body, facts: body.export, linksTo: body.expect.linksTo }]
    : [],
);

const articleUrl: LinkTargetsInput['articleUrl'] = (a) => `/blogs/${a.blog.slug}/${a.slug}/`;
const PRESETS = new Set(Object.keys(CLASS_PRESETS));
const ANCHOR = /<a(?=[\s>])[^>]*>/g;
const HREF = /\shref="([^"]*)"/;
const isAbsolute = (url: string) => /^[a-z][\w+.-]*:/i.test(url);

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** Each anchor's href (null: none), in order, entities decoded as the link step decodes them. */
function anchorHrefs(html: string): (string | null)[] {
  return [...html.matchAll(ANCHOR)].map((match) => {
    const value = HREF.exec(match[0])?.[1];
    return value === undefined
      ? null
      : value.replace(/&(?:amp|lt|gt|quot);/g, (e) => ENTITIES[e] ?? e);
  });
}

function targetsOf(facts: ExportFacts, posts = facts.posts): LinkTargets {
  const published: LinkArticle[] = posts.map((post) => ({
    id: post.id,
    slug: post.slug,
    blogId: facts.blog,
    canonicalUrl: post.canonicalUrl,
  }));
  return new LinkTargets({
    published,
    blogs: [{ id: facts.blog, slug: facts.blog, url: facts.site }],
    articleUrl,
  });
}

const resolved: Record<Form, number> = { 'canonical URL': 0, 'blog URL + path': 0, relative: 0 };
let broken = 0;
let unreported = 0;

describe('real exports: links between posts point at the posts’ pages', () => {
  it('holds bodies from a Ghost export, WordPress WXRs and a Substack export', () => {
    expect(new Set(bodies.map((body) => body.cms))).toEqual(
      new Set(['ghost', 'wordpress', 'substack']),
    );
  });

  it.each(bodies.map((body) => [body.name, body]))('%s', (_, body) => {
    const { facts, linksTo } = body;
    const relative = Boolean(body.expect.relativeUrls?.length);
    const rendered = renderArticleHtml(body.html, {
      ...(PRESETS.has(body.cms) ? { allowClasses: [body.cms] } : {}),
      // The export's links are relative to its site.
      ...(relative ? { base: facts.site } : {}),
    }).html;
    const linked = linkBody(rendered, targetsOf(facts), 'keep');
    const before = anchorHrefs(rendered);
    const after = anchorHrefs(linked.html);
    expect(after.length, 'anchors').toBe(before.length);

    // What each link of `linksTo` is once sanitised: resolved against the site when relative.
    const rules = linksTo.map((rule) => ({
      ...rule,
      sanitised: new URL(rule.href, relative ? facts.site : undefined).href,
      used: 0,
    }));
    const recorded = new Set(linked.links.map(([at]) => at));
    before.forEach((href, at) => {
      const rule =
        href === null ? undefined : rules.find((r) => r.sanitised === new URL(href).href);
      if (rule?.unreported) {
        rule.used++;
        unreported++;
      }
      if (href === null || !rule || rule.unreported) {
        // A link elsewhere, no href, or no article's shape: as written, unrecorded, unreported.
        expect(after[at], `anchor ${at}`).toBe(href);
        expect(recorded.has(at), `${href} is not into the site`).toBe(false);
        expect(linked.broken.map((link) => link.href)).not.toContain(href);
        return;
      }
      rule.used++;
      expect(recorded.has(at), `${href} is into the site`).toBe(true);
      if (rule.form && rule.post) {
        const post = facts.posts.find((p) => p.slug === rule.post);
        expect(post, `${rule.post} is among the export's posts`).toBeDefined();
        const fragment = href.includes('#') ? href.slice(href.indexOf('#')) : '';
        expect(after[at], href).toBe(`/blogs/${facts.blog}/${rule.post}/${fragment}`);
        // The form is the one the source wrote.
        const canonical = post?.canonicalUrl ? linkKey(post.canonicalUrl) : undefined;
        if (rule.form === 'relative') expect(isAbsolute(rule.href), rule.href).toBe(false);
        else expect(isAbsolute(rule.href), rule.href).toBe(true);
        if (rule.form === 'canonical URL') expect(linkKey(href), href).toBe(canonical);
        if (rule.form === 'blog URL + path') expect(linkKey(href), href).not.toBe(canonical);
        resolved[rule.form]++;
      } else {
        // Into the site, naming no article: as written, and reported.
        expect(rule.stays, `${rule.href}: a reason`).toBeDefined();
        expect(after[at], href).toBe(href);
        expect(linked.broken).toContainEqual({ href, reason: rule.stays });
        broken++;
      }
    });
    for (const rule of rules) expect(rule.used, `${rule.href} is in the body`).toBeGreaterThan(0);
  });

  afterAll(() => {
    const total = resolved['canonical URL'] + resolved['blog URL + path'] + resolved.relative;
    console.log(
      `Real exports (${bodies.length} bodies): ${total} links between posts resolved to their pages ` +
        `(canonical URL ${resolved['canonical URL']}, blog URL + path ${resolved['blog URL + path']}, ` +
        `relative ${resolved.relative}); ${broken} links into the site left as written and reported broken; ` +
        `${unreported} left as written, unreported (not an article's shape).`,
    );
  });
});

/**
 * Forms the exports write that the rules read in a way worth knowing: documented expectations of
 * what the link step does with them today, not failures.
 */
describe('forms of the real exports, as the rules read them', () => {
  it('Substack: /p/<slug> under the publication’s root names the post by its slug alone', () => {
    const body = bodies.find((b) => b.name === 'substack-embedded-post');
    if (!body) throw new Error('substack-embedded-post has no export facts');
    // Without a canonical URL, the blog URL and the last segment find it all the same.
    const posts = body.facts.posts.map((post) => ({ ...post, canonicalUrl: null }));
    expect(
      targetsOf(body.facts, posts).target(
        'https://example.substack.com/p/example-post?utm_source=substack',
      ),
    ).toEqual({ kind: 'article', id: '123456', href: '/blogs/example-site/example-post/' });
  });

  it('WordPress plain permalinks (?p=, ?page_id=): the query names the page, so each its own', () => {
    // WordPress/wordpress-importer e2e/fixtures/wxr-comprehensive.xml (159f54cedaeb38e25d3651f9ca36d3fc7c207edd):
    // the <link> of its post and of its page, on a site using plain permalinks.
    const facts: ExportFacts = {
      site: 'https://playground.internal/site',
      blog: 'comprehensive',
      posts: [
        {
          id: '1000',
          slug: 'comprehensive-post',
          title: 'Comprehensive Post',
          canonicalUrl: 'https://playground.internal/site/?p=1000',
        },
        {
          id: '2000',
          slug: 'comprehensive-page',
          title: 'Comprehensive Page',
          canonicalUrl: 'https://playground.internal/site/?page_id=2000',
        },
      ],
      note: '',
    };
    const post = 'https://playground.internal/site/?p=1000';
    const page = 'https://playground.internal/site/?page_id=2000';
    expect(linkKey(post)).not.toBe(linkKey(facts.site));
    expect(linkKey(post)).not.toBe(linkKey(page));
    // Given as canonical URLs, each names its own article; another post's number names none
    // (broken), and the blog's home, not an article's shape, is no broken link.
    const withCanonical = targetsOf(facts);
    expect(withCanonical.target(post)).toMatchObject({ kind: 'article', id: '1000' });
    expect(withCanonical.target(`${post}&utm_source=feed`)).toMatchObject({ id: '1000' });
    expect(withCanonical.target(page)).toMatchObject({ kind: 'article', id: '2000' });
    expect(withCanonical.target('https://playground.internal/site/?p=1001')).toEqual({
      kind: 'broken',
      reason: 'unknown',
    });
    expect(withCanonical.target('https://playground.internal/site/')).toEqual({
      kind: 'outside',
    });
    // Without them, a ?p= link is reported broken (it names no slug) and left as written.
    const slugsOnly = targetsOf(
      facts,
      facts.posts.map((p) => ({ ...p, canonicalUrl: null })),
    );
    expect(slugsOnly.target(post)).toEqual({ kind: 'broken', reason: 'unknown' });
  });
});
