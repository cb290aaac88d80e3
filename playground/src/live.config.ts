import { defineLiveCollection } from 'astro:content';
import { articlesLiveLoader } from '@content-read/astro-loader/live';
import { articleUrl } from './article-url';

// Read at request time by src/pages/live/[...id].astro: no rebuild needed to see a change.
// Links between articles point at the site's pages, as the build-time loader's do.
export const collections = {
  liveArticles: defineLiveCollection({
    loader: articlesLiveLoader({ articleUrl, relativeTo: 'blog' }),
  }),
};
