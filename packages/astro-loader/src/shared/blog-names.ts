/**
 * How a blog named by a person (in a `blogs` option, or in a browser's `?blog=`) becomes a blog
 * of the API: by id first, then by slug. Ids are the API's stable identifiers; a slug is only
 * unique among slugs, and may equal another blog's id, so the order is fixed here, once, for the
 * proxy, the live loaders and the build-time loaders alike.
 *
 * The restriction never relies on the API honouring `?blog=` (the v1 contract does not define
 * it): callers forward the resolved id and keep only items whose `blog_id` is allowed.
 */
import { UnknownBlogError, UnknownFilterBlogError } from './errors.js';

export interface NamedBlog {
  id: string;
  slug: string;
}

/** The blog a name refers to: the one with that id, else the one with that slug. */
export function findBlog<B extends NamedBlog>(blogs: readonly B[], name: string): B | undefined {
  return blogs.find((blog) => blog.id === name) ?? blogs.find((blog) => blog.slug === name);
}

export interface AllowedBlogs<B extends NamedBlog> {
  /** The allowed blogs, each once, in the order of the listing. */
  blogs: B[];
  /** Their ids: an item is allowed when its `blog_id` is one of them. */
  ids: ReadonlySet<string>;
  /** Names that match no blog the key can read. */
  unknown: string[];
}

/** Resolves the names of a `blogs` option against the blogs the key can read. */
export function resolveAllowedBlogs<B extends NamedBlog>(
  blogs: readonly B[],
  names: readonly string[],
): AllowedBlogs<B> {
  const ids = new Set<string>();
  const unknown: string[] = [];
  for (const name of names) {
    const found = findBlog(blogs, name);
    if (found) ids.add(found.id);
    else unknown.push(name);
  }
  return { blogs: blogs.filter((blog) => ids.has(blog.id)), ids, unknown };
}

/**
 * The `blogs` option of a loader (live or build-time) resolved against the blogs the key can
 * read. A name that matches none is the site's configuration gone wrong (a typo, a renamed
 * blog, a key scoped elsewhere): it fails, rather than silently serving less.
 */
export function allowedBlogs<B extends NamedBlog>(
  blogs: readonly B[],
  names: readonly string[],
): AllowedBlogs<B> {
  const allowed = resolveAllowedBlogs(blogs, names);
  const [name] = allowed.unknown;
  if (name !== undefined) throw new UnknownBlogError(name, blogs);
  return allowed;
}

/**
 * The blog a filter names (id first, then slug, as everywhere), when it is one the caller may
 * see: undefined for a blog outside `allowed`. Without `allowed`, a name that matches no blog
 * is an error (404 `not_found`), as the API's answer to an unknown blog would be.
 */
export function filteredBlog<B extends NamedBlog>(
  blogs: readonly B[],
  name: string,
  allowed: AllowedBlogs<B> | undefined,
): B | undefined {
  const found = findBlog(blogs, name);
  if (allowed) return found && allowed.ids.has(found.id) ? found : undefined;
  if (!found) throw new UnknownFilterBlogError(name);
  return found;
}
