import { SAFE_DATA_IMAGE } from '../sanitise/policy.js';

/**
 * The URLs of a feed's HTML (feed-html.ts): made absolute, since a feed reader has no page to
 * resolve them against, and kept off the site's build assets, which the next deploy removes.
 */

/** What a body's URLs are resolved against. */
export interface UrlBase {
  /** The absolute http(s) URL relative ones are resolved against. */
  base: URL;
  /** The site's address, to recognise its build assets' URLs; without it none is recognised. */
  site: URL | undefined;
  /**
   * The paths on the site the link step wrote (links between articles): resolved against the
   * site, whatever `base` is (an article's old home would send them there).
   */
  onSite?: ReadonlySet<string> | undefined;
}

/** The URL attributes, and the schemes each may have once absolute. */
const URL_SCHEMES: ReadonlyMap<string, readonly string[]> = new Map([
  ['href', ['http:', 'https:', 'mailto:']],
  ['src', ['http:', 'https:']],
  ['poster', ['http:', 'https:']],
  ['cite', ['http:', 'https:']],
]);

/** Whether the attribute holds a URL (and so is written only through `absoluteUrl`). */
export function isUrlAttribute(name: string): boolean {
  return URL_SCHEMES.has(name);
}

/**
 * A URL attribute's value made absolute, or undefined when it cannot be or may not be (a
 * scheme the attribute may not have, a build asset). An image's raster `data:` URL stays as
 * the sanitiser keeps it.
 */
export function absoluteUrl(
  urls: UrlBase,
  tag: string,
  name: string,
  value: string,
): string | undefined {
  const trimmed = value.trim();
  if (tag === 'img' && name === 'src' && SAFE_DATA_IMAGE.test(trimmed)) return trimmed;
  const against = urls.site && urls.onSite?.has(trimmed) ? urls.site : urls.base;
  const resolved = assetFree(resolve(trimmed, against), urls.site);
  return resolved && URL_SCHEMES.get(name)?.includes(resolved.protocol) ? resolved.href : undefined;
}

/** The URL when it is absolute http(s), else undefined. */
export function httpUrl(value: string): URL | undefined {
  const url = resolve(value, undefined);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
}

function resolve(value: string, base: URL | undefined): URL | undefined {
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}

/**
 * The URL unless it is one of the site's build assets: `/_image?href=` (Astro's image endpoint)
 * gives back the image it serves; `/_astro/…` (hashed per build) is dropped.
 */
function assetFree(url: URL | undefined, site: URL | undefined): URL | undefined {
  if (!url || !site || !isAsset(url, site)) return url;
  if (!IMAGE_ENDPOINT.test(url.pathname)) return undefined;
  const served = url.searchParams.get('href');
  const image = served ? resolve(served, site) : undefined;
  return image && !isAsset(image, site) ? image : undefined;
}

const BUILD_ASSET = /(?:^|\/)_astro\//;
const IMAGE_ENDPOINT = /\/_image\/?$/;

function isAsset(url: URL, site: URL): boolean {
  return (
    url.origin === site.origin &&
    (BUILD_ASSET.test(url.pathname) || IMAGE_ENDPOINT.test(url.pathname))
  );
}
