/**
 * `@content-read/astro-loader/live-images`: sizes for live articles' images
 * (`articlesLiveLoader({ images: liveImageSizes(imageConfig) })`), apart from `./live` so that a
 * server bundle holds the image measuring only when the site asks for it.
 */
export type { RemoteImageConfig } from './body/images/image-sizes.js';
export { type LiveImageSizes, liveImageSizes } from './body/images/live-image-sizes.js';
