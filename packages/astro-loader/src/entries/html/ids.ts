/**
 * Every id and name from an article gets this prefix, as GitHub does for READMEs: article HTML
 * shares the page with the site, and an unprefixed `id`/`name` can collide with the layout's
 * ids (`main`, a skip-link target) or clobber globals and `document` properties that the site's
 * scripts read (`<img name="getElementById">`). Links inside the article (`href="#x"`, heading
 * slugs, footnotes, `aria-describedby`) are rewritten to match.
 */
export const ID_PREFIX = 'user-content-';

/** The id as written to the page; already prefixed ids stay as they are (re-sanitising is a no-op). */
export function prefixId(id: string): string {
  return id.startsWith(ID_PREFIX) ? id : ID_PREFIX + id;
}

/** A space-separated list of ids (`aria-describedby`, `headers`), each prefixed. */
export function prefixIdList(value: string): string {
  return value.split(/\s+/).filter(Boolean).map(prefixId).join(' ');
}

/** `#x` points into the article: to its prefixed id. Other URLs are left alone. */
export function prefixFragmentLink(href: string): string {
  const url = href.trim();
  return url.length > 1 && url.startsWith('#') ? `#${prefixId(url.slice(1))}` : href;
}
