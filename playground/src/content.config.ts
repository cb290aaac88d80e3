import { defineCollection } from 'astro:content';
import { articlesLoader, blogsLoader } from '@content-read/astro-loader';
import { articleUrl } from './article-url';

// Both loaders read CONTENT_API_URL and CONTENT_API_KEY; the mockContentApi()
// integration (astro.config.ts, from @content-read/mock-server/astro) sets them to the built-in mock server unless you set them yourself.
// A link in a body to another article the site publishes (by its canonical URL, by its blog's
// URL and a path ending in its slug, or by a path relative to its blog: relativeTo) points at
// its page here (articleUrl); each sync warns of links into the workspace that name none.
export const collections = {
  blogs: defineCollection({ loader: blogsLoader() }),
  articles: defineCollection({ loader: articlesLoader({ articleUrl, relativeTo: 'blog' }) }),
};
