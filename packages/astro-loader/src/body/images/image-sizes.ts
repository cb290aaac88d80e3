import { inferRemoteSize, isRemoteAllowed } from 'astro/assets/utils';
import { BoundedMap } from '../../shared/bounded-map.js';
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

/** Where measured sizes are remembered: the collection's meta store, or a bounded map. */
export interface SizeMemory {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

/** URLs whose measuring (or failure) one sizer remembers: a few thousand images' worth. */
const MEASURED_AT_MOST = 5_000;

/**
 * Gives a body's authorised images their missing width and height, so that they take their
 * place before they load and Astro's image service can transform them. Only an image whose URL
 * the site authorises (`image.domains`/`remotePatterns`, the rule Astro's Markdown uses) is ever
 * fetched, and then only the first bytes that hold its size (Astro's `inferRemoteSize`), once:
 * the size is remembered in `ctx.meta` (the collection's meta store at build time, a bounded map
 * on a server) and read from there afterwards. Undefined when the site authorises no remote
 * image.
 */
export function createImageSizer(
  ctx: { meta: SizeMemory },
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
  // Bounded: a server meets new URLs for as long as it runs.
  const measuring = new BoundedMap<string, Promise<Size | undefined>>(MEASURED_AT_MOST);
  const failed = new BoundedMap<string, true>(MEASURED_AT_MOST);
  let running = 0;
  const waiting: Array<() => void> = [];

  const measure = async (url: string, where: string): Promise<Size | undefined> => {
    if (running >= CONCURRENCY) await new Promise<void>((go) => waiting.push(go));
    running++;
    let timer: ReturnType<typeof setTimeout> | undefined;
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
      failed.set(url, true);
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

  /** A size measured before (by this sizer, or by a sync before it). */
  const remembered = (url: string): Size | undefined => {
    const known = /^(\d+)x(\d+)$/.exec(ctx.meta.get(KEY + url) ?? '');
    return known ? { width: Number(known[1]), height: Number(known[2]) } : undefined;
  };

  const sizeOf = (url: string, where: string): Promise<Size | undefined> => {
    const known = remembered(url);
    if (known) return Promise.resolve(known);
    let size = measuring.get(url);
    if (!size) {
      size = measure(url, where);
      measuring.set(url, size);
    }
    return size;
  };

  const wantedOf = (images: readonly UnsizedImage[]) =>
    images.filter((image) => isRemoteAllowed(image.src, allow));

  return {
    async sized(html, images, where, wait) {
      const wanted = wantedOf(images);
      if (wanted.length === 0) return html;
      const measured = Promise.all(wanted.map((image) => sizeOf(image.src, where)));
      const sizes = wait === undefined ? await measured : await within(measured, wait);
      // Past `wait`, what is known so far; the rest is remembered when measured.
      const found = sizes ?? wanted.map((image) => remembered(image.src));
      let out = html;
      // From the last image back, so that the offsets of the others still hold.
      for (let i = wanted.length - 1; i >= 0; i--) {
        const image = wanted[i];
        const size = found[i];
        if (!image || !size) continue;
        const added = missingAttributes(image, size);
        out = out.slice(0, image.at) + added + out.slice(image.at);
      }
      return out;
    },
    settled: (images) =>
      wantedOf(images).every(({ src }) => remembered(src) !== undefined || failed.get(src)),
  };
}

export interface ImageSizer {
  /**
   * The body with its authorised images' missing `width`/`height` written in. With `wait` (ms),
   * it waits at most that long: images still being measured are left unsized, and their sizes
   * are remembered for the next time.
   */
  sized(
    html: string,
    images: readonly UnsizedImage[],
    where: string,
    wait?: number,
  ): Promise<string>;
  /** Every authorised image of these has been measured (or failed): a body sized now is final. */
  settled(images: readonly UnsizedImage[]): boolean;
}

/** The attributes an image lacks; one given dimension keeps the image's aspect ratio. */
function missingAttributes(image: UnsizedImage, size: Size): string {
  if (image.width !== undefined)
    return ` height="${Math.round((image.width * size.height) / size.width)}"`;
  if (image.height !== undefined)
    return ` width="${Math.round((image.height * size.width) / size.height)}"`;
  return ` width="${size.width}" height="${size.height}"`;
}

/** `work`'s result, or undefined once `ms` have passed. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((done) => {
    timer = setTimeout(() => done(undefined), Math.max(0, ms));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
