/**
 * Every `<img>` of a body loads lazily and decodes off the main thread, as Astro's image service
 * writes images, unless its CMS chose otherwise (`loading="eager"` on a hero image). Images
 * that lack a width or height are reported, so that the sync can measure them once and write the
 * dimensions in (no layout shift): the sanitiser never fetches anything.
 */

/** An `<img>` written without both dimensions: where to add them, and what it already has. */
export interface UnsizedImage {
  /** Its absolute http(s) `src`, as written. */
  src: string;
  /** Its `width`/`height` when one of them is given (whole CSS pixels). */
  width?: number;
  height?: number;
  /** Offset in the body's HTML of the `>` that ends the `<img …>` tag. */
  at: number;
}

const LOADING = new Set(['lazy', 'eager']);
const DECODING = new Set(['async', 'sync', 'auto']);
const WHOLE = /^\d{1,5}$/;

/** Sets `loading`/`decoding` of an `<img>` to their lazy defaults unless valid ones are given. */
export function imageDefaults(attribs: Record<string, string>): void {
  const loading = attribs.loading?.trim().toLowerCase();
  attribs.loading = loading && LOADING.has(loading) ? loading : 'lazy';
  const decoding = attribs.decoding?.trim().toLowerCase();
  attribs.decoding = decoding && DECODING.has(decoding) ? decoding : 'async';
}

/**
 * The image to measure, if this `<img>` needs it: an absolute http(s) `src`, and a width or
 * height missing (a given one that is not a whole number means the CMS sized it in CSS terms,
 * e.g. `100%`: it is left as it is). `at` is filled in once the body is written.
 */
export function unsizedImage(
  src: string | undefined,
  attribs: Record<string, string>,
): Omit<UnsizedImage, 'at'> | undefined {
  if (!src || !/^https?:\/\//i.test(src)) return undefined;
  const { width, height } = attribs;
  if (width !== undefined && height !== undefined) return undefined;
  const image: Omit<UnsizedImage, 'at'> = { src };
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (value === undefined) continue;
    const trimmed = value.trim();
    if (!WHOLE.test(trimmed)) return undefined;
    image[name] = Number(trimmed);
  }
  return image;
}

/** Offsets of each image's closing `>` in the joined chunks (each image is one whole chunk). */
export function locateImages(
  chunks: readonly string[],
  images: ReadonlyMap<number, Omit<UnsizedImage, 'at'>>,
): UnsizedImage[] {
  const located: UnsizedImage[] = [];
  if (images.size === 0) return located;
  let offset = 0;
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i] ?? '';
    const image = images.get(i);
    if (image) located.push({ ...image, at: offset + chunk.length - 1 });
    offset += chunk.length;
  }
  return located;
}
