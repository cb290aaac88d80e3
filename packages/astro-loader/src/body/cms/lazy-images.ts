/**
 * Lazy-loading scripts (lazysizes, WP Rocket, Jetpack, a3 Lazy Load, jQuery lazyload, GIF players) keep an
 * image's real URL in data attributes and a placeholder (a 1×1 data: GIF, a blurred preview) in
 * `src`; without their script the reader sees the placeholder. The real attributes win here, so
 * the image shows as its CMS meant it, natively lazy.
 */
const REAL_SRC = ['data-src', 'data-lazy-src', 'data-original', 'data-gif'];
const REAL_SRCSET = ['data-srcset', 'data-lazy-srcset'];
const REAL_SIZES = ['data-sizes', 'data-lazy-sizes'];

/** Moves the real URLs of a lazy `<img>` or `<source>` into `src`/`srcset`/`sizes`, in place. */
export function revealLazyImage(tag: string, attribs: Record<string, string>): void {
  if (tag !== 'img' && tag !== 'source') return;
  let lazy = false;
  const src = first(attribs, REAL_SRC);
  if (src !== undefined && tag === 'img') {
    attribs.src = src;
    lazy = true;
  }
  const srcset = first(attribs, REAL_SRCSET);
  if (srcset !== undefined) {
    attribs.srcset = srcset;
    lazy = true;
  }
  // `auto` (the script measured the element) is also the standard's value for lazy images.
  const sizes = first(attribs, REAL_SIZES);
  if (sizes !== undefined) attribs.sizes = sizes;
  if (lazy && tag === 'img') attribs.loading = 'lazy';
}

/** An `<img>` that shows nothing real: no URL, or a data: URL (lazy plugins' 1×1 GIF). */
export function isPlaceholder(attribs: Record<string, string>): boolean {
  const src = attribs.src?.trim() ?? '';
  return src === '' || /^data:/i.test(src);
}

function first(attribs: Record<string, string>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = attribs[name]?.trim();
    if (value) return value;
  }
  return undefined;
}
