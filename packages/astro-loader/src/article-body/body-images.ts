import { escapeImageAttribute } from '../shared/html-escape.js';
import type { MappedElement } from './body-parts.js';

/** What `getImage()` of `astro:assets` gives back, as far as an `<img>` needs it. */
export interface ServedImage {
  src: string;
  srcSet: { values: readonly unknown[]; attribute: string };
  attributes: Record<string, unknown>;
}

export type GetImage = (options: Record<string, unknown>) => Promise<ServedImage>;

const WHOLE = /^\d{1,5}$/;
/** Attributes the image service decides (Markdown's images carry none of the body's own). */
const DECIDED = new Set(['src', 'srcset', 'sizes', 'width', 'height', 'loading', 'decoding']);

export interface ImageContext {
  getImage: GetImage;
  /** Whether the site authorises a remote URL (`image.domains`/`remotePatterns`). */
  authorised: (url: string) => boolean;
  /**
   * Let the image service read the image's own size first, as it does for Markdown's images:
   * an image it cannot reach keeps its URL (else the build would fail generating it), and with a
   * responsive layout `srcset` stops at the image's real width. Only when prerendering: an
   * on-demand page never fetches an image to answer a request.
   */
  measure: boolean;
  dev: boolean;
  warn: (message: string) => void;
}

/**
 * An article's `<img>` as Astro's Markdown writes an authorised remote image: through the image
 * service (`getImage()`: its URL, the layout's `srcset`/`sizes`, lazy and async unless the body
 * says otherwise), its other attributes kept. Undefined when the image stays as the sanitiser
 * wrote it: a URL the site does not authorise (never fetched), no whole width and height (the
 * sync measures authorised images; a live entry's unsized ones keep their URL), or an image the
 * service failed on (with a warning, where Markdown would fail the page).
 */
export async function servedImage(
  image: MappedElement,
  { getImage, authorised, measure, dev, warn }: ImageContext,
): Promise<string | undefined> {
  const { src, width, height, loading, decoding } = image.props;
  if (!src || !WHOLE.test(width ?? '') || !WHOLE.test(height ?? '') || !authorised(src))
    return undefined;
  // In Markdown's order (alt, title, then the rest): the same image gives the same bytes.
  const { alt, title, ...rest } = image.props;
  const options: Record<string, unknown> = { src };
  if (alt !== undefined) options.alt = alt;
  if (title !== undefined) options.title = title;
  for (const [name, value] of Object.entries(rest)) if (!DECIDED.has(name)) options[name] = value;
  if (loading !== undefined) options.loading = loading;
  if (decoding !== undefined) options.decoding = decoding;
  options.width = Number(width);
  options.height = Number(height);
  if (measure) options.inferSize = true;
  let served: ServedImage;
  try {
    served = await getImage(options);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    warn(
      `[content-read] <ArticleBody>: the image ${src} kept its own URL: the image service failed on it (${reason}).`,
    );
    return undefined;
  }
  const { index: _index, ...attributes } = served.attributes;
  const written: Record<string, unknown> = {
    ...attributes,
    src: served.src,
    // An empty srcset is invalid HTML: only with candidates, as Astro's Markdown writes it.
    ...(served.srcSet.values.length > 0 ? { srcset: served.srcSet.attribute } : {}),
    // The dev toolbar's image audit looks for it, as on Markdown's images.
    ...(dev ? { 'data-image-component': 'true' } : {}),
  };
  const html = Object.entries(written)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) =>
      value === '' ? `${name}=""` : `${name}="${escapeImageAttribute(String(value))}"`,
    )
    .join(' ');
  return `<img ${html}>`;
}
