import { contractArticleSchema, contractBlogSchema } from '@content-read/core/internal';
import { etagOf } from './listing.js';
import type { Resource } from './query.js';

/**
 * `fields=`: a projection of ours, not the API's (the contract defines no such parameter, so it is
 * never sent upstream). A listing for a search box or a "load more" button names the fields it
 * shows (`fields=id,slug,title,excerpt`) and gets its items with those alone, in the same
 * envelope: an article's `html` is most of its bytes. Applied to the page the proxy would
 * otherwise answer (after the blog restriction), with an ETag of its own.
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

/** A page's body with each item cut to `fields` (the envelope's `meta` kept as it is). */
export function projectBody(body: Uint8Array, fields: readonly string[]): Uint8Array {
  const json = JSON.parse(new TextDecoder().decode(body)) as unknown;
  const pick = (item: unknown) => {
    const record = item as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const name of fields) if (name in record) out[name] = record[name];
    return out;
  };
  const projected = Array.isArray(json)
    ? json.map(pick)
    : { ...(json as object), data: (json as { data: unknown[] }).data.map(pick) };
  return new TextEncoder().encode(JSON.stringify(projected));
}

/** A `Link` header's URLs with `fields=` added (pages of a projection link to the projection). */
export function linkWithFields(link: string | undefined, fields: readonly string[]) {
  if (!link) return undefined;
  const value = encodeURIComponent(fields.join(',')).replace(/%2C/g, ',');
  return link.replace(/<([^>]*)>/g, (_, url: string) => {
    const joiner = url.includes('?') ? '&' : '?';
    return `<${url}${joiner}fields=${value}>`;
  });
}

/** A listing page as the proxy answers it. */
export interface Page {
  body: Uint8Array;
  etag?: string | undefined;
  link?: string | undefined;
}

/** Projections kept per page: a handful of field lists, not every combination a client sends. */
const PER_PAGE = 8;

/**
 * Projected pages, each made once per page the proxy holds and kept as long as it holds that
 * page (a new upstream answer is a new page): its own body, ETag and links.
 */
export class Projections {
  readonly #made = new WeakMap<Uint8Array, Map<string, Promise<Page>>>();

  /** `page` cut to `fields`; `linked`: its links carry `fields=` (a request that named them). */
  get(page: Page, fields: readonly string[], linked: boolean): Promise<Page> {
    let made = this.#made.get(page.body);
    if (!made) {
      made = new Map();
      this.#made.set(page.body, made);
    }
    const key = `${linked ? '+' : ''}${fields.join(',')}`;
    let projected = made.get(key);
    if (!projected) {
      if (made.size >= PER_PAGE) made.clear();
      projected = (async () => {
        const body = projectBody(page.body, fields);
        const link = linked ? linkWithFields(page.link, fields) : page.link;
        return { body, etag: await etagOf(body), ...(link ? { link } : {}) };
      })();
      made.set(key, projected);
    }
    return projected;
  }
}
