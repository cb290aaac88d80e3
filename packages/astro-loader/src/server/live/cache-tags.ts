/**
 * The route-cache tags the live loaders put in their `cacheHint`s, and the publish webhook
 * invalidates: a page that showed an entry or a listing carries its tags, so a publish reaches
 * exactly the cached pages that showed what changed.
 */

/** On every hint: a publish of everything invalidates every page that showed our content. */
export const ALL_CONTENT_TAG = 'content-read';
/** On listings of articles (any filter): a new, changed or removed article may change them. */
export const ARTICLES_TAG = 'articles';
/** On the listing of blogs. */
export const BLOGS_TAG = 'blogs';

export const articleTag = (apiId: string) => `article:${apiId}`;
/** On a blog and on each of its articles (they show its name). */
export const blogTag = (apiId: string) => `blog:${apiId}`;
