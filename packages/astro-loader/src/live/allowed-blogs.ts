import {
  type AllowedBlogs,
  findBlog,
  type NamedBlog,
  resolveAllowedBlogs,
} from '../restriction/blog-names.js';

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

/** A `blogs` option names a blog the key cannot read. */
export class UnknownBlogError extends Error {
  override readonly name = 'UnknownBlogError';
  readonly hint: string;
  constructor(name: string, readable: readonly NamedBlog[]) {
    super(
      `the blogs option names "${clip(name)}", which matches no blog this key can read (by id or slug)`,
    );
    const some = readable.slice(0, 10).map((b) => `${b.id} (${b.slug})`);
    this.hint = `Fix the name in the blogs option${some.length ? `; the key reads ${some.join(', ')}${readable.length > some.length ? ', …' : ''}` : ''}, or widen the key's blog scope.`;
  }
}

/** A live `filter.blog` names no blog the key can read. */
export class UnknownFilterBlogError extends Error {
  override readonly name = 'UnknownFilterBlogError';
  readonly status = 404;
  readonly code = 'not_found';
  readonly hint = 'Pass the id or slug of a blog the key can read.';
  constructor(name: string) {
    super(`filter.blog "${clip(name)}" matches no blog this key can read (by id or slug)`);
  }
}

/** A name as messages quote it: a filter may come from a URL, of any length. */
function clip(name: string): string {
  return name.length > 80 ? `${name.slice(0, 80)}…` : name;
}
