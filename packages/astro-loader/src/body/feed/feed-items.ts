import { escapeAttribute, escapeText } from '../../shared/html-escape.js';
import type { Embed } from '../cms/embeds.js';
import { blogsById, entryRoute, type RoutedBlog } from '../links/entry-route.js';
import { recordedLinks, writtenLinks } from '../links/link-step.js';
import type { ArticleUrl } from '../links/link-targets.js';
import { feedHtml } from './feed-html.js';
import { xmlText } from './xml-text.js';

/**
 * Feed items from article entries, shaped for `@astrojs/rss` (its `RSSFeedItem`: plain objects,
 * nothing of that package imported), with the body as feed-safe HTML (feed-html.ts). Web
 * platform only: it runs in the live loaders' runtimes as at build time.
 *
 * Decisions, each for what RSS 2.0 and the readers ask of an item:
 *
 * - `author` is RSS 2.0's *email address* of the author; the API has names only. So each author
 *   is a `<dc:creator>` (Dublin Core, which readers show as the byline) in `customData`, and
 *   `author` is left out rather than filled with a made-up address. (`@astrojs/rss` parses
 *   `customData` with fast-xml-parser, which reads a name that is a plain number, "007", as the
 *   number 7.)
 * - The feature image is a `<media:content medium="image">` (Media RSS) with its `width`,
 *   `height` and alt text, not an `enclosure`: RSS 2.0 requires an enclosure's `length` in
 *   bytes (and `@astrojs/rss` a number), which only fetching the image would tell, and readers
 *   take image enclosures for attachments. Both need the `dc` and `media` namespaces on the
 *   feed: pass {@link feedNamespaces} as `xmlns`.
 * - The guid is `@astrojs/rss`'s: the item's link, as a permalink; it is stable as long as
 *   `link(entry)` is (entry ids are: they are the API's).
 * - Items are the newest `limit` (50) by `publishedAt`, so that a call renders a bounded number
 *   of bodies however large the collection.
 */

/** The namespaces the items' `customData` uses: `xmlns` of `rss()` / `getRssString()`. */
export const feedNamespaces = {
  dc: 'http://purl.org/dc/elements/1.1/',
  media: 'http://search.yahoo.com/mrss/',
} as const;

/** What an item is made of: a build-time (`getCollection`) or live (`getLiveEntry`) article entry. */
export interface FeedEntry {
  id: string;
  data: {
    slug: string;
    blog: { id: string };
    title: string;
    excerpt: string | null;
    authors: readonly { name: string }[];
    tags: readonly string[];
    featureImage: {
      url: string;
      alt: string | null;
      width: number | null;
      height: number | null;
    } | null;
    publishedAt: Date;
    /** The players the body embeds: the page each one links to in the feed. */
    embeds?: readonly Embed[] | undefined;
  };
  /** The sanitised body (`render(entry)` writes it), and the links between articles in it. */
  rendered?: { html: string; metadata?: Record<string, unknown> | undefined } | undefined;
}

/** Options of `feedItems`: where the site and each article's page are, and what to include. */
export interface FeedItemsOptions<E extends FeedEntry> {
  /** The site's address, absolute (`context.site` of the endpoint: `site` in astro.config). */
  site: string | URL | undefined;
  /**
   * The site's route for an article (`articleUrl` in src/article-url.ts, as the loaders take it):
   * each item links to that page. Give this or `link`.
   */
  articleUrl?: ArticleUrl;
  /** The blog entries (`getCollection('blogs')`), when `articleUrl` reads the blog's slug. */
  blogs?: Iterable<RoutedBlog>;
  /**
   * The item's page on the site, when it is not the article's route (a live page): a path
   * (`/live/${entry.id}/`) or an absolute URL. Give this or `articleUrl`.
   */
  link?: (entry: E) => string;
  /** How many items, newest first by `publishedAt`. Default: 50. */
  limit?: number;
  /**
   * What the body's relative URLs are resolved against. Default: the item's link, the page
   * where the site shows the body (and resolves them). Return the article's `canonicalUrl`, or
   * your old CMS's address, where they are relative to that.
   */
  base?: (entry: E, link: string) => string | null | undefined;
  /** `false`: items without the body (`content`), title, description and metadata only. */
  content?: boolean;
}

/** An item of `@astrojs/rss` (`RSSFeedItem`): pass the list as `items`. */
export interface FeedItem {
  title: string;
  /** Absolute. */
  link: string;
  pubDate: Date;
  /** The excerpt; absent when the article has none. */
  description?: string;
  /** The body as feed-safe HTML (`content:encoded`). */
  content?: string;
  categories: string[];
  /** `<dc:creator>` per author, `<media:content>` for the feature image (see feedNamespaces). */
  customData?: string;
}

const DEFAULT_LIMIT = 50;

/**
 * The newest `limit` (50) entries as `@astrojs/rss` items, newest first: title, absolute link,
 * `pubDate` (published), `description` (the excerpt), `categories` (the tags), the authors and
 * the feature image in `customData`, and the body as feed-safe HTML in `content`.
 */
export function feedItems<E extends FeedEntry>(
  entries: Iterable<E>,
  options: FeedItemsOptions<E>,
): FeedItem[] {
  const site = absoluteSite(options.site);
  const limit = options.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`feedItems: limit must be a whole number from 1, not ${limit}`);
  const link = linkOf(options);
  return newest([...entries], limit).map((entry) => item(entry, site, link, options));
}

/** Where each item links: `link`, or the article's route (exactly one of them given). */
function linkOf<E extends FeedEntry>(options: FeedItemsOptions<E>): (entry: E) => string {
  const { articleUrl, link } = options;
  if (articleUrl && link) throw new TypeError('feedItems: give articleUrl or link, not both');
  if (link) return link;
  if (!articleUrl)
    throw new TypeError(
      "feedItems: give articleUrl (your site's route for an article, src/article-url.ts) or link (the item's page)",
    );
  const blogs = blogsById(options.blogs);
  return (entry) => articleUrl(entryRoute(entry, blogs, 'feedItems'));
}

function item<E extends FeedEntry>(
  entry: E,
  site: URL,
  linkTo: (entry: E) => string,
  options: FeedItemsOptions<E>,
): FeedItem {
  const { data } = entry;
  const link = itemLink(linkTo(entry), site, entry.id);
  const base = validBase(options.base?.(entry, link)) ?? link;
  const made: FeedItem = {
    title: xmlText(data.title),
    link,
    pubDate: data.publishedAt,
    categories: data.tags.map(xmlText),
  };
  if (data.excerpt) made.description = xmlText(data.excerpt);
  const rendered = entry.rendered;
  const html = rendered?.html;
  if (options.content !== false && html !== undefined)
    made.content = feedHtml(html, {
      base,
      site,
      embeds: data.embeds,
      links: sitePaths(html, rendered?.metadata?.links),
    });
  const custom = [
    ...data.authors.map((author) => `<dc:creator>${escapeText(xmlText(author.name))}</dc:creator>`),
    featureImage(data.featureImage, base),
  ].join('');
  if (custom) made.customData = custom;
  return made;
}

/** The paths on the site the link step wrote into a body: what its recorded links hold now. */
function sitePaths(html: string, links: unknown): string[] {
  return writtenLinks(html, recordedLinks(links)).filter(
    (href): href is string => href?.startsWith('/') === true,
  );
}

/** The newest `limit` entries, newest first (ties by id), without sorting them all. */
function newest<E extends FeedEntry>(entries: E[], limit: number): E[] {
  const time = (entry: E) => {
    const t = entry.data.publishedAt.getTime();
    return Number.isNaN(t) ? -Infinity : t;
  };
  const order = (a: E, b: E) => time(b) - time(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  if (entries.length <= limit) return entries.sort(order);
  // A bounded insertion into the `limit` kept: O(n·limit) at worst, O(n) for most listings.
  const kept: E[] = [];
  for (const entry of entries) {
    const last = kept.at(-1);
    if (kept.length === limit && last && order(entry, last) >= 0) continue;
    let at = kept.length;
    while (at > 0 && order(entry, kept[at - 1] as E) < 0) at--;
    kept.splice(at, 0, entry);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}

/** `<media:content>` of the feature image, when its URL is absolute http(s). */
function featureImage(image: FeedEntry['data']['featureImage'], base: string): string {
  if (!image) return '';
  let url: URL;
  try {
    url = new URL(image.url, base);
  } catch {
    return '';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
  const size = [
    image.width && image.width > 0 ? ` width="${Math.round(image.width)}"` : '',
    image.height && image.height > 0 ? ` height="${Math.round(image.height)}"` : '',
  ].join('');
  const alt = image.alt?.trim();
  const description = alt
    ? `<media:description type="plain">${escapeText(xmlText(alt))}</media:description>`
    : '';
  return `<media:content url="${escapeAttribute(url.href)}" medium="image"${size}>${description}</media:content>`;
}

function absoluteSite(site: string | URL | undefined): URL {
  let url: URL | undefined;
  try {
    url = site === undefined ? undefined : new URL(site);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new TypeError(
      `feedItems: site must be the site's absolute http(s) address (set \`site\` in astro.config and pass context.site), not ${String(site)}`,
    );
  return url;
}

function itemLink(link: string, site: URL, id: string): string {
  let url: URL | undefined;
  try {
    url = new URL(link, site);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new TypeError(
      `feedItems: the link of entry ${id} is "${link}": articleUrl() or link() must give a path or an http(s) URL`,
    );
  return url.href;
}

function validBase(base: string | null | undefined): string | undefined {
  if (!base) return undefined;
  try {
    const url = new URL(base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
