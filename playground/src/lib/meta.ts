// What the pages' heads and the feeds share: the site's name, the feeds' addresses, absolute
// URLs on the configured `site`, and JSON-LD that is safe inside a <script> element.

export const SITE_NAME = 'Content Read Playground';
export const SITE_DESCRIPTION = 'Blogs and articles read from the Content Read API v1.';

/** A feed the page's head advertises (`<link rel="alternate" type="application/rss+xml">`). */
export interface FeedLink {
  title: string;
  href: string;
}

/** The feed of every blog's articles: advertised on every page. */
export const allBlogsFeed: FeedLink = {
  title: `${SITE_NAME}: all blogs`,
  href: '/rss.xml',
};

/** A blog's own feed: advertised on the blog's page and its articles' pages. */
export function blogFeed(blog: { slug: string; name: string }): FeedLink {
  return { title: blog.name, href: `/blogs/${blog.slug}/rss.xml` };
}

/**
 * `path` made absolute on the site's address (`site` in astro.config.ts, which the pages read
 * as `Astro.site`), or on the request's origin when none is set.
 */
export function absoluteUrl(path: string, site: URL | undefined, request: URL): string {
  return new URL(path, site ?? request.origin).href;
}

/** An article's canonical URL: the API's `canonicalUrl` when it is an http(s) URL, else `own`. */
export function canonicalOf(canonicalUrl: string | null, own: string): string {
  if (!canonicalUrl) return own;
  try {
    const url = new URL(canonicalUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : own;
  } catch {
    return own;
  }
}

/**
 * JSON for a `<script type="application/ld+json">`: no `<` can close the element (`</script>`)
 * or open a comment, and U+2028/U+2029 are escaped as well, as a script's JSON should be.
 */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
