/** Part of every cache version: a new loader release resyncs everything once. */
export const LOADER_VERSION = '0.1.0';
export const BLOGS_LOADER_NAME = 'content-read-blogs';
export const ARTICLES_LOADER_NAME = 'content-read-articles';
