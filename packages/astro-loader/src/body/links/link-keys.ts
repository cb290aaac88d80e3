/**
 * How links are compared: a URL as a key (host and path normalised, tracking parameters left out)
 * and the shape of an article's address (link-targets.ts says what each is for).
 */

/** `href` compared as a link target: host and path, normalised; undefined for a non-http(s) URL. */
export function linkKey(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const path = url.pathname.replace(/\/index\.html?$/i, '/').replace(/\/+$/, '');
  // A query can name the page (WordPress's plain permalinks, `?p=1000`): kept, in order, but
  // for the parameters that only track where a reader came from.
  const query = [...url.searchParams]
    .filter(([name]) => !TRACKING.test(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return `${url.host}${path}${query ? `?${query}` : ''}`;
}

/** Query parameters that say where a reader came from, not which page: left out of a key. */
const TRACKING = /^(utm_\w+|fbclid|gclid|mc_cid|mc_eid|ref|ref_src|source|s)$/i;

/** The host (and port) of a link key. */
export function hostOf(key: string): string {
  return key.split(/[/?]/)[0] ?? key;
}

/**
 * The shape of a link key (host left out): its path's segments, each `*` where it is the
 * article's slug and `#` where it is a number, else as written; then the names of its query's
 * parameters, a number's value `#`. `/2024/05/my-post?p=7` of my-post: `/#/#/*?p=#`.
 */
export function shapeOf(key: string, slug?: string): string {
  const [path = '', query] = key.slice(hostOf(key).length).split('?');
  const segments = path.split('/').map((segment) => {
    if (slug !== undefined && decodeSegment(segment) === slug) return '*';
    return /^\d+$/.test(segment) ? '#' : segment;
  });
  const names = query?.split('&').map((pair) => {
    const [name = '', value = ''] = pair.split('=');
    return /^\d+$/.test(value) ? `${name}=#` : name;
  });
  return segments.join('/') + (names ? `?${names.join('&')}` : '');
}

/** Whether a link's shape (no `*`) fits an article's: `*` fits any segment but an empty one. */
export function sameShape(article: string, link: string): boolean {
  const [articlePath = '', articleQuery = ''] = article.split('?');
  const [linkPath = '', linkQuery = ''] = link.split('?');
  if (articleQuery !== linkQuery) return false;
  const want = articlePath.split('/');
  const have = linkPath.split('/');
  return (
    want.length === have.length &&
    want.every((segment, i) => segment === have[i] || (segment === '*' && have[i] !== ''))
  );
}

export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
