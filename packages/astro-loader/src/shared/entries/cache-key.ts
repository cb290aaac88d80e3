import { CacheKeyError } from '../errors.js';
import { hash53 } from '../hash.js';

/**
 * An entry as `getCollection()` and `getEntry()` return it: its digest says what it holds, or
 * else its data and rendered body do.
 */
export interface DigestedEntry {
  id: string;
  collection: string;
  digest?: string | number | undefined;
  data?: unknown;
  body?: string | undefined;
  rendered?: { html?: string } | undefined;
}

/** What a page's key is made of: entries, lists of entries, and any other value it shows. */
export type CacheKeyPart = DigestedEntry | readonly DigestedEntry[] | string | number | boolean;

/**
 * The `cacheKey` of a page for Astro's incremental builds (`experimental.incrementalBuild`),
 * from everything the page renders: an article page from the article and its blog, a listing
 * from the entries on it (in their order) and what else it shows, e.g. the page count
 * (`cacheKey(page.data, page.lastPage)`). The same parts give the same key in every build; any
 * change to one of them gives another key, so Astro renders the page again.
 *
 * An entry counts by its `digest`, which this package's loaders make from the API's item, the
 * sanitiser's rendering version, the loader's version and its options that shape entries: a
 * sanitiser or option change gives every page a new key. An entry of a loader that sets no
 * digest (Astro's `file()`) counts by its data, body and rendered HTML, hashed here: the same
 * key for the same content, at the cost of reading all of it. One with none of these is an error.
 */
export function cacheKey(...parts: CacheKeyPart[]): string {
  const text = JSON.stringify(parts.map(keyPart));
  // Two seeds: 106 bits, so that two different pages' contents never share a key in practice.
  return `${hash53(text, 1)}-${hash53(text, 2)}`;
}

function keyPart(part: CacheKeyPart): unknown {
  if (typeof part !== 'object' || part === null) return part;
  if (Array.isArray(part)) return (part as readonly DigestedEntry[]).map(entryKey);
  return entryKey(part as DigestedEntry);
}

function entryKey(entry: DigestedEntry): string {
  if (entry?.digest !== undefined && entry.digest !== '')
    return `${entry.collection}/${entry.id}/${entry.digest}`;
  if (entry?.data === undefined)
    throw new CacheKeyError(
      `cacheKey(): entry "${entry?.id}" of collection "${entry?.collection}" has neither a digest nor data. Pass entries as getCollection() or getEntry() return them.`,
    );
  const content = JSON.stringify([entry.data, entry.body, entry.rendered?.html]);
  return `${entry.collection}/${entry.id}/~${hash53(content, 1)}-${hash53(content, 2)}`;
}
