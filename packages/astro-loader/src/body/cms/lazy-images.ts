import { imageDefaults } from '../images/unsized-images.js';
import { DROPPED, type Fate } from '../sanitise/writer.js';
import type { BodyContext, CmsStep } from './step.js';

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

/**
 * The lazy-image step. Reads every `<img>`/`<source>` (its real URLs win over the placeholder,
 * see above) and a `<noscript>` right after a placeholder image (lazy-load plugins put the real
 * image there, for readers without script). Writes the noscript's image in place of the
 * placeholder's chunk, so the reader gets the real image once; any other noscript stays dropped.
 */
export function lazyImages(body: BodyContext): CmsStep {
  const { writer } = body;
  // The last thing written was a placeholder image (its chunk): a `<noscript>` after it holds
  // the real one. `rescue`: that noscript is being read.
  let placeholder: number | undefined;
  let rescue: { chunk: number; depth: number } | undefined;

  return {
    prepare(tag, attribs) {
      if (tag !== 'noscript') placeholder = undefined;
      revealLazyImage(tag, attribs);
    },
    fate(tag): Fate | undefined {
      if (tag !== 'noscript' || placeholder === undefined) return undefined;
      rescue = { chunk: placeholder, depth: writer.depth + 1 };
      return DROPPED;
    },
    written(tag, attribs, chunk) {
      if (tag === 'img' && isPlaceholder(attribs)) placeholder = chunk;
    },
    openDropped(tag, attribs) {
      if (!rescue || tag !== 'img') return;
      revealLazyImage(tag, attribs);
      if (isPlaceholder(attribs)) return;
      imageDefaults(attribs);
      writer.out[rescue.chunk] = body.startTag(tag, attribs);
      body.imageWritten(rescue.chunk, attribs);
      rescue = undefined;
    },
    closed() {
      if (rescue && writer.depth < rescue.depth) rescue = undefined;
    },
    text(text) {
      if (placeholder !== undefined && /\S/.test(text)) placeholder = undefined;
      return false;
    },
  };
}
