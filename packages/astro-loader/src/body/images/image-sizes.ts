import { inferRemoteSize, isRemoteAllowed } from 'astro/assets/utils';
import type { LoaderContext } from 'astro/loaders';
import type { UnsizedImage } from '../sanitise/sanitiser.js';

/** The site's remote-image authorisation (`image.domains`, `image.remotePatterns`). */
export interface RemoteImageConfig {
  domains?: string[] | undefined;
  remotePatterns?: unknown[] | undefined;
}

interface Size {
  width: number;
  height: number;
}

/** Images measured at once across a sync: a few, so a body's images never flood their host. */
const CONCURRENCY = 4;
/** A host that does not answer leaves its image unsized rather than hold the sync. */
const TIMEOUT_MS = 15_000;
const KEY = 'image-size ';

/**
 * Gives a body's authorised images their missing width and height, so that they take their
 * place before they load and Astro's image service can transform them. Only an image whose URL
 * the site authorises (`image.domains`/`remotePatterns`, the rule Astro's Markdown uses) is ever
 * fetched, and then only the first bytes that hold its size (Astro's `inferRemoteSize`), once:
 * the size is remembered in the collection's meta store and read from there by later syncs.
 * Undefined when the site authorises no remote image.
 */
export function createImageSizer(
  ctx: Pick<LoaderContext, 'meta'>,
  config: RemoteImageConfig | undefined,
  warn: (message: string) => void,
): ImageSizer | undefined {
  const allow = {
    domains: config?.domains ?? [],
    remotePatterns: (config?.remotePatterns ?? []) as Parameters<
      typeof isRemoteAllowed
    >[1]['remotePatterns'],
  };
  if (allow.domains.length === 0 && allow.remotePatterns.length === 0) return undefined;
  const measuring = new Map<string, Promise<Size | undefined>>();
  let running = 0;
  const waiting: Array<() => void> = [];

  const measure = async (url: string, where: string): Promise<Size | undefined> => {
    if (running >= CONCURRENCY) await new Promise<void>((go) => waiting.push(go));
    running++;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, fail) => {
        timer = setTimeout(
          () => fail(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)),
          TIMEOUT_MS,
        );
      });
      const { width, height } = await Promise.race([inferRemoteSize(url, allow), timeout]);
      if (!(width && height && width > 0 && height > 0)) throw new Error('no size in its bytes');
      ctx.meta.set(KEY + url, `${width}x${height}`);
      return { width, height };
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      warn(
        `${where}: the size of image ${url} could not be read (${reason}); it is shown without width and height. Check that the URL serves an image, or give the <img> its width and height.`,
      );
      return undefined;
    } finally {
      clearTimeout(timer);
      running--;
      waiting.shift()?.();
    }
  };

  const sizeOf = (url: string, where: string): Promise<Size | undefined> => {
    const known = /^(\d+)x(\d+)$/.exec(ctx.meta.get(KEY + url) ?? '');
    if (known) return Promise.resolve({ width: Number(known[1]), height: Number(known[2]) });
    let size = measuring.get(url);
    if (!size) {
      size = measure(url, where);
      measuring.set(url, size);
    }
    return size;
  };

  return {
    async sized(html, images, where) {
      const wanted = images.filter((image) => isRemoteAllowed(image.src, allow));
      if (wanted.length === 0) return html;
      const sizes = await Promise.all(wanted.map((image) => sizeOf(image.src, where)));
      let out = html;
      // From the last image back, so that the offsets of the others still hold.
      for (let i = wanted.length - 1; i >= 0; i--) {
        const image = wanted[i];
        const size = sizes[i];
        if (!image || !size) continue;
        const added = missingAttributes(image, size);
        out = out.slice(0, image.at) + added + out.slice(image.at);
      }
      return out;
    },
  };
}

export interface ImageSizer {
  /** The body with its authorised images' missing `width`/`height` written in. */
  sized(html: string, images: readonly UnsizedImage[], where: string): Promise<string>;
}

/** The attributes an image lacks; one given dimension keeps the image's aspect ratio. */
function missingAttributes(image: UnsizedImage, size: Size): string {
  if (image.width !== undefined)
    return ` height="${Math.round((image.width * size.height) / size.width)}"`;
  if (image.height !== undefined)
    return ` width="${Math.round((image.height * size.width) / size.height)}"`;
  return ` width="${size.width}" height="${size.height}"`;
}
