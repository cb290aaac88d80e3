/**
 * Which article of the workspace a link names, and where that article is on the site. Writers
 * link articles by whatever URL the editor pasted: the article's `canonical_url`, its blog's
 * `url` followed by a path ending in its slug (Ghost's `/<slug>/`, WordPress's
 * `/2024/05/<slug>/`), or a relative path the sanitiser already resolved with `relativeTo`. URLs
 * are compared normalised: scheme (http and https alike) and host case, default ports, a trailing
 * slash or `index.html`, and tracking parameters (`utm_*`…) left out; the fragment is kept for the
 * link on the site, prefixed as the target's ids are.
 *
 * A link into the workspace that names no article the site publishes is broken only when it has
 * the shape of an article's address there: the shape of the canonical URLs of that host, with
 * the slug's segment any segment and numbers any number (`/2024/05/*`, `/p/*`). A CMS's other
 * pages (WordPress's attachment pages, Substack's subscribe and comments pages, Ghost's admin
 * screens) name no article and are not the writer's mistake: they stay as written, unreported.
 * A host whose articles have no canonical URL has no known shape: every link to it counts.
 */

import { prefixId } from '../sanitise/attributes.js';
import { decodeSegment, hostOf, linkKey, sameShape, shapeOf } from './link-keys.js';

/**
 * What the site's route function is given: the article and its blog, each by the id its
 * collection gives its entry (what your pages' `params` use) and by its slug.
 */
export interface ArticleRoute {
  id: string;
  slug: string;
  blog: { id: string; slug: string };
}

/** The site's route for an article: a path on the site (`/blogs/<blog>/<slug>/`) or an http(s) URL. */
export type ArticleUrl = (article: ArticleRoute) => string;

/** An article as the index knows it (ids: its entry's, and its blog's entry's). */
export interface LinkArticle {
  id: string;
  slug: string;
  blogId: string;
  canonicalUrl: string | null;
}

/** A blog as the index knows it (`id`: its entry's). */
export interface LinkBlog {
  id: string;
  slug: string;
  url: string | null;
}

/**
 * Why a link into the workspace names no article the site publishes, and what the sync's warning
 * says of it. Each reason's comment is what the docs site's error reference says of it.
 */
export const BROKEN_LINK_REASONS = {
  /**
   * The listing holds the article, and the loader's `filter` leaves it out. Keep it in the
   * filter, or fix the link in the CMS.
   */
  'filtered out': 'left out by the filter option',
  /**
   * The link is under the `url` of a blog the key reads that is not among the loader's `blogs`.
   * Add the blog to `blogs`, or fix the link in the CMS.
   */
  'out of scope': "its blog is not among the loader's blogs",
  /**
   * The link is under a blog's `url`, or on the host of an article's canonical URL, has the
   * shape of an article's address there, and names no article the key reads: the article is not
   * public (a draft), was deleted, or the link was mistyped. Publish it, or fix the link in the
   * CMS.
   */
  unknown: 'no article the key reads: not public, or not written',
} as const;

/** Why a link into the workspace names no article the site publishes. */
export type BrokenReason = keyof typeof BROKEN_LINK_REASONS;

/** What a link names: an article the site publishes (its href on the site), a broken link, or nothing of ours. */
export type LinkTarget =
  | { kind: 'article'; id: string; href: string }
  | { kind: 'broken'; reason: BrokenReason }
  | { kind: 'outside' };

export interface LinkTargetsInput {
  /** The articles the site publishes. */
  published: readonly LinkArticle[];
  /** Every blog the key reads (a blog outside `inScope` makes its links "out of scope"). */
  blogs: readonly LinkBlog[];
  /** The ids of the blogs the site publishes; default: every blog given. */
  inScope?: ReadonlySet<string>;
  /** Articles the listing held that the site leaves out (`filter`, `latest`). */
  filteredOut?: readonly LinkArticle[];
  articleUrl: ArticleUrl;
}

/** The articles of a workspace, indexed by the URLs that name them. */
export class LinkTargets {
  readonly #byUrl = new Map<string, LinkArticle>();
  readonly #byId = new Map<string, LinkArticle>();
  readonly #byBlogSlug = new Map<string, LinkArticle>();
  readonly #filteredOut = new Map<string, LinkArticle>();
  readonly #filteredBySlug = new Map<string, LinkArticle>();
  /** Each blog's URL key (longest first, so a blog under another's path wins) and its id. */
  readonly #blogUrls: Array<{ key: string; id: string }>;
  /** The hosts of the workspace: of its blogs' URLs and of its articles' canonical URLs. */
  readonly #hosts = new Set<string>();
  /** The shapes of the articles' canonical URLs (see shapeOf), by host. */
  readonly #shapes = new Map<string, Set<string>>();
  readonly #hrefs = new Map<string, string>();

  constructor(private readonly input: LinkTargetsInput) {
    const slugs = new Map(input.blogs.map((blog) => [blog.id, blog.slug]));
    for (const article of input.published) {
      this.#byId.set(article.id, article);
      this.#index(article, this.#byUrl);
      this.#byBlogSlug.set(`${article.blogId}\n${article.slug}`, article);
      if (!slugs.has(article.blogId)) slugs.set(article.blogId, article.blogId);
    }
    for (const article of input.filteredOut ?? []) {
      this.#index(article, this.#filteredOut);
      this.#filteredBySlug.set(`${article.blogId}\n${article.slug}`, article);
    }
    this.#blogUrls = input.blogs
      .flatMap((blog) => {
        const key = blog.url ? linkKey(blog.url) : undefined;
        if (key) this.#hosts.add(hostOf(key));
        return key ? [{ key, id: blog.id }] : [];
      })
      .sort((a, b) => b.key.length - a.key.length);
    this.slugOf = (blogId) => slugs.get(blogId) ?? blogId;
  }

  private readonly slugOf: (blogId: string) => string;

  /**
   * What decides whether a link leads into the workspace, sorted: its hosts (a link to any other
   * leads outside it) and the shapes of its articles' addresses on each.
   */
  get reach(): string[] {
    const shapes = [...this.#shapes].flatMap(([host, each]) => [...each].map((s) => host + s));
    return [...this.#hosts, ...shapes].sort();
  }

  /** What `href` (absolute, as the sanitiser wrote it) names. */
  target(href: string): LinkTarget {
    const key = linkKey(href);
    if (!key) return { kind: 'outside' };
    // A heading's id on the site is the article's own, prefixed as the sanitiser prefixes ids.
    const hash = href.indexOf('#');
    const fragment =
      hash >= 0 && hash < href.length - 1 ? `#${prefixId(href.slice(hash + 1))}` : '';
    const found = this.#byUrl.get(key) ?? this.#underBlog(key, this.#byBlogSlug);
    if (found) return { kind: 'article', id: found.id, href: this.hrefOf(found) + fragment };
    if (this.#filteredOut.has(key) || this.#underBlog(key, this.#filteredBySlug))
      return { kind: 'broken', reason: 'filtered out' };
    const blog = this.#blogOf(key);
    const host = hostOf(key);
    if (!(blog || this.#hosts.has(host)) || !this.#articleShaped(host, key))
      return { kind: 'outside' };
    if (blog && this.input.inScope && !this.input.inScope.has(blog))
      return { kind: 'broken', reason: 'out of scope' };
    return { kind: 'broken', reason: 'unknown' };
  }

  /** Where the published article with this id is on the site (undefined: none such). */
  routeOf(id: string): string | undefined {
    const article = this.#byId.get(id);
    return article && this.hrefOf(article);
  }

  /** The article's page on the site, from the route function, checked as any URL is. */
  hrefOf(article: LinkArticle): string {
    let href = this.#hrefs.get(article.id);
    if (href === undefined) {
      const blog = { id: article.blogId, slug: this.slugOf(article.blogId) };
      href = checkedRoute(
        this.input.articleUrl({ id: article.id, slug: article.slug, blog }),
        article.id,
      );
      this.#hrefs.set(article.id, href);
    }
    return href;
  }

  #index(article: LinkArticle, into: Map<string, LinkArticle>) {
    const key = article.canonicalUrl ? linkKey(article.canonicalUrl) : undefined;
    if (!key) return;
    into.set(key, article);
    const host = hostOf(key);
    this.#hosts.add(host);
    const shapes = this.#shapes.get(host) ?? new Set();
    shapes.add(shapeOf(key, article.slug));
    this.#shapes.set(host, shapes);
  }

  /** Whether `key` has the shape of an article's address on its host (any, where none is known). */
  #articleShaped(host: string, key: string): boolean {
    const shapes = this.#shapes.get(host);
    if (!shapes) return true;
    const link = shapeOf(key);
    for (const shape of shapes) if (sameShape(shape, link)) return true;
    return false;
  }

  /** An article named by its blog's URL and a path whose last segment is its slug. */
  #underBlog(key: string, bySlug: Map<string, LinkArticle>): LinkArticle | undefined {
    const blog = this.#blogOf(key);
    const slug = key.slice(key.lastIndexOf('/') + 1);
    return blog && slug ? bySlug.get(`${blog}\n${decodeSegment(slug)}`) : undefined;
  }

  #blogOf(key: string): string | undefined {
    return this.#blogUrls.find((blog) => key === blog.key || key.startsWith(`${blog.key}/`))?.id;
  }
}

/**
 * A route the site's function gave, as a link may hold it: a path on the site (`/…`, not
 * `//…`) or an http(s) URL. Anything else is the site's mistake, named with the article.
 */
function checkedRoute(route: unknown, id: string): string {
  if (typeof route === 'string') {
    if (route.startsWith('/') && !route.startsWith('//') && !/[\s\\]/.test(route)) return route;
    try {
      const url = new URL(route);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {}
  }
  throw new Error(
    `articleUrl() gave ${JSON.stringify(route)} for article ${id}: it must return a path on the site ("/blogs/<blog>/<slug>/") or an http(s) URL.`,
  );
}
