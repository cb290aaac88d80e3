import { findBlog, type NamedBlog, resolveAllowedBlogs } from '../../shared/blog-names.js';
import type { UpstreamAnswer } from './cache.js';
import type { WholeList } from './listing.js';
import type { Resource } from './query.js';

export type RestrictedList =
  | {
      ok: true;
      items: unknown[];
      params: Map<string, string>;
      /** The ids of the blogs the items may belong to (for articles). */
      blogIds?: string[];
    }
  | { ok: false; answer: UpstreamAnswer };

/** Outside the allowed blogs answers exactly like a blog that does not exist. */
const NOT_FOUND: RestrictedList = { ok: false, answer: { status: 404 } };

/**
 * The `blogs` option, enforced here against an API that may ignore `?blog=` (the v1 contract
 * does not define it): names become blog ids through `/blogs` (id first, then slug, as in the
 * loaders), the browser's `blog` is resolved the same way, only the resolved id is forwarded,
 * and only items whose `blog_id` is allowed are kept. Listings are read whole and paged by the
 * proxy, so no total, page count or link can tell anything of the other blogs.
 */
export class BlogRestriction {
  #reported = '';

  constructor(
    private readonly names: readonly string[],
    private readonly readWhole: (
      resource: Resource,
      query: string,
      signal?: AbortSignal,
    ) => Promise<WholeList>,
    private readonly log: (line: string) => void = console.error,
  ) {}

  /** `signal`: aborted when no browser waits for the list any more. */
  async list(
    resource: Resource,
    asked: Map<string, string>,
    signal?: AbortSignal,
  ): Promise<RestrictedList> {
    const params = new Map(asked);
    const blogList = await this.readWhole('blogs', '', signal);
    if (!blogList.ok) return blogList;
    const readable = blogList.items.filter(isBlog);
    const allowed = resolveAllowedBlogs(readable, this.names);
    this.#report(allowed.unknown);
    if (resource === 'blogs') return { ok: true, items: allowed.blogs, params };

    let targets = allowed.ids;
    const name = params.get('blog');
    if (name !== undefined) {
      const found = findBlog(readable, name);
      if (!found || !allowed.ids.has(found.id)) return NOT_FOUND;
      targets = new Set([found.id]);
      params.set('blog', found.id);
    }
    const blogIds = [...targets];
    if (targets.size === 0) return { ok: true, items: [], params, blogIds };
    const [only] = targets;
    const query = targets.size === 1 && only ? new URLSearchParams({ blog: only }).toString() : '';
    const articles = await this.readWhole('articles', query, signal);
    if (!articles.ok) return articles;
    const kept = articles.items.filter((item) => targets.has(blogIdOf(item) ?? ''));
    return { ok: true, items: kept, params, blogIds };
  }

  /** One line per change in the names that match nothing, not one per request. */
  #report(unknown: string[]): void {
    const line = unknown.join('", "');
    if (line === this.#reported) return;
    this.#reported = line;
    if (!unknown.length) return;
    this.log(
      `[content-read] proxy.blogs: "${line}" ${unknown.length === 1 ? 'is' : 'are'} neither the id nor the slug of a blog this server's key can read, so the proxy serves nothing for ${unknown.length === 1 ? 'it' : 'them'}: correct proxy.blogs, or the key's blog scope.`,
    );
  }
}

function isBlog(item: unknown): item is NamedBlog {
  const blog = item as { id?: unknown; slug?: unknown } | null;
  return typeof blog?.id === 'string' && typeof blog.slug === 'string';
}

function blogIdOf(item: unknown): string | undefined {
  const id = (item as { blog_id?: unknown } | null)?.blog_id;
  return typeof id === 'string' ? id : undefined;
}
