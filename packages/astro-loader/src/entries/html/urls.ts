import { SAFE_DATA_IMAGE, URL_ATTRIBUTES } from './policy.js';

/** URL attributes: relative, or an allowed scheme (checked as a browser would read it). */
export function urlAllowed(tag: string, name: string, value: string): boolean {
  if (name === 'srcset')
    return value
      .split(',')
      .every((c) => schemeAllowed(c.trim().split(/\s+/)[0] ?? '', ['http', 'https']));
  const schemes = URL_ATTRIBUTES.get(name);
  if (!schemes) return true;
  if (tag === 'img' && name === 'src' && SAFE_DATA_IMAGE.test(value.trim())) return true;
  return schemeAllowed(value, schemes);
}

function schemeAllowed(url: string, schemes: readonly string[]): boolean {
  // Browsers ignore ASCII whitespace and control characters in and around a scheme.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  const clean = url.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  const colon = clean.indexOf(':');
  if (colon === -1) return true;
  const slash = clean.search(/[/?#]/);
  if (slash !== -1 && slash < colon) return true; // a colon in the path or query: relative
  return schemes.includes(clean.slice(0, colon));
}
