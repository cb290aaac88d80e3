import { defineLiveCollection } from 'astro:content';
import { articlesLiveLoader } from '@content-read/astro-loader/live';

// Read at request time by src/pages/live/[...id].astro: no rebuild needed to see a change.
export const collections = {
  liveArticles: defineLiveCollection({ loader: articlesLiveLoader() }),
};
