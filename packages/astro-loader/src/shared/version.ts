import pkg from '../../package.json' with { type: 'json' };

/** Part of every cache version: a new loader release resyncs everything once. */
export const LOADER_VERSION: string = pkg.version;
export const BLOGS_LOADER_NAME = 'content-read-blogs';
export const ARTICLES_LOADER_NAME = 'content-read-articles';
