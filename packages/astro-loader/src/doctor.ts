/**
 * `@content-read/astro-loader/doctor`: what `content-read doctor --links` (the CLI of
 * `@content-read/core`) loads from a site's node_modules, so that the links it lists are found by
 * the loader the site runs. Node only, never imported by a site's pages or loaders: nothing of it
 * reaches a deployed server.
 */
export { findBrokenLinks } from './build-time/doctor/broken-links.js';
