/**
 * `@content-read/astro-loader/feed`: RSS items from article entries, build-time or live
 * (web-platform code only, so an on-demand feed route runs on every adapter), apart from the
 * loaders so that a site without a feed bundles none of it.
 */
export {
  type FeedEntry,
  type FeedItem,
  type FeedItemsOptions,
  feedItems,
  feedNamespaces,
} from './body/feed/feed-items.js';
