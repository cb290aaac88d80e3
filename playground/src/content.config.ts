import { defineCollection } from 'astro:content';
import { articlesLoader, blogsLoader } from '@content-read/astro-loader';

// Both loaders read CONTENT_API_URL and CONTENT_API_KEY; the mockContentApi()
// integration (astro.config.ts, from @content-read/mock-server/astro) sets them to the built-in mock server unless you set them yourself.
export const collections = {
  blogs: defineCollection({ loader: blogsLoader() }),
  articles: defineCollection({ loader: articlesLoader() }),
};
