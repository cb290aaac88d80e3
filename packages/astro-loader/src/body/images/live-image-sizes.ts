import { BoundedMap } from '../../shared/bounded-map.js';
import { createImageSizer, type ImageSizer, type RemoteImageConfig } from './image-sizes.js';

/** URLs whose size a server remembers: a few thousand images' worth. */
const REMEMBERED_URLS = 5_000;

/**
 * What `articlesLiveLoader({ images })` takes: `liveImageSizes()` of
 * `@content-read/astro-loader/live-images`, kept apart so that a site that does not size live
 * images bundles none of it.
 */
export interface LiveImageSizes {
  /** The pipeline's step 4 for one loader, telling `warn` which image could not be measured. */
  sizer(warn: (message: string) => void): ImageSizer | undefined;
}

/**
 * Live article bodies' authorised images (`imageConfig` from `astro:assets`, or
 * `{ domains, remotePatterns }` as in astro.config) get the width and height they lack, as build
 * entries do (image-sizes.ts): each URL measured once, remembered by the server (5,000 URLs at
 * most), and never waited for past the loader call's deadline.
 */
export function liveImageSizes(config: RemoteImageConfig): LiveImageSizes {
  return {
    sizer: (warn) => createImageSizer({ meta: new BoundedMap(REMEMBERED_URLS) }, config, warn),
  };
}
