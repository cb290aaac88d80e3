import { contractArticleSchema, contractBlogSchema } from '@content-read/core/internal';
import type { Resource } from './query.js';

/**
 * `fields=`: a projection of ours, not the API's (the contract defines no such parameter, so it is
 * never sent upstream). A listing for a search box or a "load more" button names the fields it
 * shows (`fields=id,slug,title,excerpt`) and gets its items with those alone, in the same
 * envelope: an article's `html` is most of its bytes. Applied to the page the proxy would
 * otherwise answer (after the blog restriction), with an ETag of its own (served-pages.ts).
 */

/** Every field of an item of the contract, in the contract's order. */
export const FIELDS: Record<Resource, readonly string[]> = {
  articles: Object.keys(contractArticleSchema.shape),
  blogs: Object.keys(contractBlogSchema.shape),
};

export type FieldsCheck =
  | { ok: true; fields: string[] | undefined }
  | { ok: false; message: string };

/**
 * The fields a request gets: those it names (each once, in the order of the proxy's configured
 * fields, else the contract's, so equal projections are one cache entry), or the configured ones;
 * undefined for whole items.
 * A name outside what the proxy serves is refused with the list it does serve.
 */
export function checkFields(
  resource: Resource,
  asked: string | undefined,
  served: readonly string[] | undefined,
): FieldsCheck {
  const allowed = served ?? FIELDS[resource];
  if (asked === undefined) return { ok: true, fields: served ? [...served] : undefined };
  const names = new Set(asked.split(','));
  for (const name of names) {
    if (!allowed.includes(name))
      return {
        ok: false,
        message: `Unknown field "${name.length > 40 ? `${name.slice(0, 40)}…` : name}" in fields: ${resource} has ${allowed.join(', ')}.`,
      };
  }
  return { ok: true, fields: allowed.filter((name) => names.has(name)) };
}
