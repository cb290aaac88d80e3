import type { Article } from '@content-read/core';
import type { EmbedProvider } from './cms/embed-providers.js';
import type { UrlBase } from './sanitise/urls.js';

/** How article bodies are read: options of `articlesLoader` and `articlesLiveLoader`. */
export interface BodyOptions {
  /**
   * Classes article HTML may keep besides the content classes (`language-*` on code, task-list
   * and footnote classes), for sites that style CMS classes on purpose: names, prefixes ending
   * in `*` (`['callout', 'note-*']`), or a CMS's preset: `'ghost'` (`kg-*`), `'wordpress'`
   * (`wp-block-*`, `has-*`, `is-*`, `align*`, `size-*` …). Default: none.
   */
  allowClasses?: string[];
  /**
   * The sites whose players an article may embed (an iframe of any other becomes a link).
   * Default: `defaultEmbedProviders` (YouTube, Vimeo, CodePen, Spotify, SoundCloud, Loom); add
   * or remove with `[...defaultEmbedProviders, mine]`.
   */
  embedProviders?: readonly EmbedProvider[];
  /**
   * What the bodies' relative URLs (`/content/images/a.jpg`) are relative to: an absolute URL
   * (the old CMS's address), `'blog'` (the article's blog's `url`) or `'canonical'` (the
   * article's `canonical_url`). Applied to `href`, `src`, `srcset` and `poster`; a relative URL
   * of an article with no such URL is dropped with a warning naming it. Default: left as written.
   */
  relativeTo?: string;
  /**
   * Rewrites an article's raw HTML before it is sanitised (a CMS's markup the sanitiser does not
   * know, e.g. images kept in JSON attributes). Its output is sanitised like any body: it can
   * add content, never bypass the policy. Runs on the main thread, for every changed article.
   */
  transformHtml?: (html: string, article: Article) => string;
}

/** The base an article's relative URLs resolve against (see BodyOptions.relativeTo). */
export function articleBase(
  article: Article,
  relativeTo: string | undefined,
  blogUrl: (blogId: string) => string | null | undefined,
): UrlBase {
  if (relativeTo === undefined) return undefined;
  if (relativeTo === 'canonical') return article.canonical_url ?? null;
  if (relativeTo === 'blog') return blogUrl(article.blog_id) ?? null;
  return relativeTo;
}

/** The article's HTML after `transformHtml`; what the hook throws, in one line naming the article. */
export function transformedHtml(
  article: Article,
  transform: BodyOptions['transformHtml'],
  where: string,
): string {
  if (!transform) return article.html;
  try {
    const html = transform(article.html, article);
    if (typeof html === 'string') return html;
    throw new TypeError(`it returned ${typeof html}, not a string`);
  } catch (error) {
    throw new Error(
      `${where}: transformHtml failed on article ${article.id} (${error instanceof Error ? error.message : String(error)}); fix the function or leave the option out.`,
    );
  }
}
