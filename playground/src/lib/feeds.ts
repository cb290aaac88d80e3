import rss from '@astrojs/rss';
import { feedItems, feedNamespaces } from '@content-read/astro-loader/feed';
import { articleUrl } from '../article-url';
import type { Article, Blog } from './content';

// The RSS 2.0 feeds (src/pages/rss.xml.ts, src/pages/blogs/[blog]/rss.xml.ts), written by
// @astrojs/rss from feedItems(): each item links to the article's built page and carries its
// full body as feed-safe HTML in <content:encoded> (every URL absolute, no scripts or styles),
// its authors as <dc:creator> and its feature image as <media:content>.
//
// Prerendered, as the article pages they link to are: a feed is rebuilt with the site, so an
// article published in the API reaches it (and its page) at the next build, incremental or not;
// the live route (/live/) is where a publish shows at once. Serving the feeds on demand under the
// route cache would list articles whose built pages do not exist yet.

const ATOM = 'http://www.w3.org/2005/Atom';

export interface ArticlesFeed {
  title: string;
  description: string;
  /** The page the channel links to, a path on the site ('/', '/blogs/<slug>/'). */
  page: string;
  /** The feed's own path, for its atom:link rel="self". */
  self: string;
  articles: Article[];
  blogs: Map<string, Blog>;
  /** The site's address: the endpoint's `site` (astro.config's `site`). */
  site: URL | undefined;
}

export function articlesFeed(feed: ArticlesFeed): Promise<Response> {
  const { site } = feed;
  if (!site) throw new Error('Set `site` in astro.config.ts: a feed needs absolute links.');
  return rss({
    title: feed.title,
    description: feed.description,
    site: new URL(feed.page, site).href,
    xmlns: { ...feedNamespaces, atom: ATOM },
    customData: `<atom:link href="${new URL(feed.self, site).href}" rel="self" type="application/rss+xml"/>`,
    items: feedItems(feed.articles, { site, articleUrl, blogs: feed.blogs.values() }),
  });
}
