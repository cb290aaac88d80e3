/**
 * What `content-read doctor --links` asks of `@content-read/astro-loader/doctor`. Declared here,
 * in core, which the loader depends on: the loader's function is typed with these, and core loads
 * it at run time from the site's own node_modules (link-finder.ts), never by a static import.
 */
import type { ContentReadClient } from '../client.js';

/** How the site's `articlesLoader()` reads its articles, as far as links depend on it. */
export interface BrokenLinksOptions {
  /** As the loader's `relativeTo`: `'canonical'`, `'blog'` or an absolute URL. Default: none. */
  relativeTo?: string | undefined;
  /** As the loader's `blogs`: ids or slugs of the blogs the site publishes. Default: every blog. */
  blogs?: readonly string[] | undefined;
}

/** One link into the workspace that names no article the site publishes. */
export interface FoundBrokenLink {
  /** The URL as the sanitiser wrote it (relative URLs resolved). */
  href: string;
  /** The loader's reason: `'out of scope'`, `'unknown'`… */
  reason: string;
  /** What the loader's warning says of the reason. */
  why: string;
}

export interface BrokenLinksReport {
  /** How many blogs and articles were read (the articles of the blogs in scope). */
  blogs: number;
  articles: number;
  /** Each article with broken links, in listing order, by its API id, blog slug and slug. */
  broken: Array<{ id: string; blog: string; slug: string; links: FoundBrokenLink[] }>;
}

/**
 * Lists the broken links of the articles a site publishes, with the client given (its key, its
 * timeouts and its limit on requests at once). Throws an Error whose message is one line.
 */
export type FindBrokenLinks = (
  client: Pick<ContentReadClient, 'list'>,
  options: BrokenLinksOptions,
) => Promise<BrokenLinksReport>;
