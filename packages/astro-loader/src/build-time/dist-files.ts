/**
 * The files of the published dist/ that are loaded by URL, not imported: the routes and the
 * middleware contentRead() injects, and the thread script of the body pool. scripts/bundle.ts
 * writes dist/ flat, each of these as an entry of its own, so they sit beside whichever bundle
 * holds this module.
 */
export const DIST_FILES = {
  bodyThread: 'body-thread.js',
  envMiddleware: 'env-middleware.js',
  proxyRoute: 'proxy-route.js',
  publishRoute: 'publish-route.js',
} as const;

/** A file of dist/ by its URL, for Astro's `entrypoint` or a `Worker`. */
export function distFile(file: (typeof DIST_FILES)[keyof typeof DIST_FILES]): URL {
  return new URL(`./${file}`, import.meta.url);
}
