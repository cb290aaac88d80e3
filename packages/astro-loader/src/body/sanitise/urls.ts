import { SAFE_DATA_IMAGE, URL_ATTRIBUTES } from './policy.js';

/**
 * What relative URLs in a body are relative to: an absolute URL; `null` when they should be
 * resolved but this article has nothing to resolve them against (they are dropped, with a
 * warning); `undefined` to leave them relative.
 */
export type UrlBase = string | null | undefined;

/**
 * Checks the URLs of an article's attributes: a scheme must be allowed for the attribute (read
 * as a browser reads it), and relative URLs are resolved against the article's base when it has
 * one. Fragment-only links (`#x`) point into the article and stay as they are.
 */
export class UrlPolicy {
  private readonly base: URL | null | undefined;
  private readonly warn: (message: string) => void;

  constructor(base: UrlBase, warn: (message: string) => void) {
    this.warn = warn;
    this.base = typeof base === 'string' ? parseBase(base) : base;
    if (this.base === null && typeof base === 'string')
      warn(`its base URL "${base}" is not an absolute http(s) URL; relative URLs were dropped`);
  }

  /** The URL to write for an attribute, or undefined when the attribute must go. */
  check(tag: string, name: string, written: string): string | undefined {
    const schemes = name === 'srcset' ? HTTP : URL_ATTRIBUTES.get(name);
    if (!schemes) return written;
    // As browsers read it: without the whitespace around it.
    const value = written.trim();
    if (tag === 'img' && name === 'src' && SAFE_DATA_IMAGE.test(value.trim())) return value;
    const scheme = schemeOf(value);
    if (scheme !== undefined) return schemes.includes(scheme) ? value : undefined;
    return this.resolve(value);
  }

  /** A relative URL resolved against the base (see UrlBase); absolute ones as they are. */
  resolve(value: string): string | undefined {
    const url = value.trim();
    if (this.base === undefined || url.startsWith('#') || schemeOf(url) !== undefined) return value;
    if (this.base === null) {
      this.warn(`the relative URL "${clip(url)}" was dropped: there is no base URL to resolve it`);
      return undefined;
    }
    try {
      return new URL(url, this.base).href;
    } catch {
      this.warn(
        `the URL "${clip(url)}" was dropped: it does not resolve against ${this.base.href}`,
      );
      return undefined;
    }
  }
}

const HTTP = ['http', 'https'];

function parseBase(base: string): URL | null {
  try {
    const url = new URL(base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The scheme a browser reads in a URL attribute (lower case), or undefined when it is relative. */
export function schemeOf(url: string): string | undefined {
  // Browsers ignore ASCII whitespace and control characters in and around a scheme.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  const clean = url.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  const colon = clean.indexOf(':');
  if (colon === -1) return undefined;
  const slash = clean.search(/[/?#]/);
  if (slash !== -1 && slash < colon) return undefined; // a colon in the path or query: relative
  return clean.slice(0, colon);
}

function clip(url: string): string {
  return url.length > 80 ? `${url.slice(0, 77)}...` : url;
}
