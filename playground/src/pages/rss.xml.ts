import type { APIRoute } from 'astro';
import { getArticles, getBlogIndex } from '../lib/content';
import { articlesFeed } from '../lib/feeds';
import { allBlogsFeed, SITE_DESCRIPTION, SITE_NAME } from '../lib/meta';

// The newest articles of every blog (RSS 2.0, full bodies): prerendered, see src/lib/feeds.ts.
export const GET: APIRoute = async ({ site }) =>
  articlesFeed({
    title: SITE_NAME,
    description: SITE_DESCRIPTION,
    page: '/',
    self: allBlogsFeed.href,
    articles: await getArticles(),
    blogs: await getBlogIndex(),
    site,
  });
