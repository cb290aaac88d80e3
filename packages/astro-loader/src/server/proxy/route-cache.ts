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
 * that one publish purges the live pages and the proxy's pages alike. Every article listing
 * carries `articles` (a publish of any article may change any of them); a listing narrowed to a
 * blog (`?blog=`, or the proxy's `blogs`) carries that blog's tag too, for a publish of the blog.
 * Blog tags are written as the site names the blog (the publish webhook names blogs by API id);
 * past MAX_BLOG_TAGS blogs, the `blogs` tag stands for them (any blog's publish purges the page).
 */
export function listingTags(
  resource: Resource,
  blog: string | undefined,
  restrictedTo: string[] | undefined,
): string[] {
  const tags = [ALL_CONTENT_TAG, resource === 'articles' ? ARTICLES_TAG : BLOGS_TAG];
  if (resource === 'blogs') return tags;
  const blogs = [...new Set(blog ? [blog] : (restrictedTo ?? []))];
  if (blogs.length > MAX_BLOG_TAGS) return [...tags, BLOGS_TAG];
  return [...tags, ...blogs.map(blogTag)];
}
