import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';

/**
 * Just enough of Astro's loader context for a sync that fails on its first request: an empty
 * store, a meta store in memory, and a logger whose warnings go to `warn` (default: nowhere).
 */
export function loaderContext(warn: (line: string) => void = () => {}): LoaderContext {
  const meta = new Map<string, string>();
  const silent = () => {};
  return {
    collection: 'articles',
    store: { has: () => false, keys: () => [], get: () => undefined },
    meta: {
      get: (k: string) => meta.get(k),
      set: (k: string, v: string) => void meta.set(k, v),
      has: (k: string) => meta.has(k),
      delete: (k: string) => void meta.delete(k),
    },
    logger: { info: silent, warn, error: silent, debug: silent },
    config: { root: pathToFileURL(`${tmpdir()}/`) },
    generateDigest: () => 'digest',
    parseData: async ({ data }: { data: unknown }) => data,
  } as unknown as LoaderContext;
}
