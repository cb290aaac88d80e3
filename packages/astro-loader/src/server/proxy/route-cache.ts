import { ALL_CONTENT_TAG, ARTICLES_TAG, BLOGS_TAG, blogTag } from '../live/cache-tags.js';
import type { Resource } from './query.js';

/** How long the route cache (or the CDN its provider drives) keeps a proxy answer, in seconds. */
export interface RouteCacheSettings {
  maxAge: number;
  swr?: number;
}

/** The part of Astro's `context.cache` the proxy uses. */
export interface ProxyRouteCache {
  readonly enabled: boolean;
  set(options: { maxAge: number; swr?: number; tags: string[] } | false): void;
}

/** Most blog tags one answer carries: CDNs bound a response's tags (Vercel: 128). */
const MAX_BLOG_TAGS = 20;

/**
 * The tags of a listing page: the tags the live loaders' hints carry for the same content, so
 * that one publish purges the live pages and the proxy's pages alike, always with the API's ids
 * (the publish webhook names blogs by id, however a browser or the config spelled them).
 * Every article listing carries `articles` (a publish of any article may change any of them),
 * and the blogs its content can depend on: `blog:<id>` for each of `blogIds`, the blogs it is
 * known to hold alone (a `?blog=` filter's, or the proxy's `blogs`); otherwise, or past
 * MAX_BLOG_TAGS, `blogs`, which any blog's publish purges.
 */
export function listingTags(resource: Resource, blogIds: readonly string[] | undefined): string[] {
  const tags = [ALL_CONTENT_TAG, resource === 'articles' ? ARTICLES_TAG : BLOGS_TAG];
  if (resource === 'blogs') return tags;
  const blogs = [...new Set(blogIds ?? [])];
  if (blogs.length === 0 || blogs.length > MAX_BLOG_TAGS) return [...tags, BLOGS_TAG];
  return [...tags, ...blogs.map(blogTag)];
}
