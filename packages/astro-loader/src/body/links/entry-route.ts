/**
 * An article entry as the site's route function reads it (`ArticleRoute`), for the places that
 * hold entries rather than the API's articles: feeds, and a site's own pages. An entry names its
 * blog by id only; the blog's slug comes from the blog entries given, read only when the route
 * function reads it, so a site whose routes use ids needs no blogs at hand.
 */
import type { ArticleRoute } from './link-targets.js';

/** What the route is made of: an article entry, build-time or live. */
export interface RoutedEntry {
  id: string;
  data: { slug: string; blog: { id: string } };
}

/** A blog entry, build-time or live: its entry id and its slug. */
export interface RoutedBlog {
  id: string;
  data: { slug: string };
}

/**
 * `entry` as `articleUrl()` is given it. `blogs`: the blog entries (`getCollection('blogs')`);
 * without them, or without the entry's blog among them, reading `blog.slug` throws, naming the
 * entry and what to give.
 */
export function entryRoute(
  entry: RoutedEntry,
  blogs: ReadonlyMap<string, RoutedBlog> | undefined,
  where: string,
): ArticleRoute {
  const blogId = entry.data.blog.id;
  return {
    id: entry.id,
    slug: entry.data.slug,
    blog: {
      id: blogId,
      get slug(): string {
        const blog = blogs?.get(blogId);
        if (blog) return blog.data.slug;
        throw new Error(
          blogs
            ? `${where}: article ${entry.id} is of blog ${blogId}, which the blogs given do not hold: give every blog entry (blogs: await getCollection('blogs')).`
            : `${where}: articleUrl() reads the blog's slug of article ${entry.id}: give the blog entries too (blogs: await getCollection('blogs')).`,
        );
      },
    },
  };
}

/** The blogs by entry id, for entryRoute(). */
export function blogsById(
  blogs: Iterable<RoutedBlog> | undefined,
): Map<string, RoutedBlog> | undefined {
  return blogs && new Map([...blogs].map((blog) => [blog.id, blog]));
}
