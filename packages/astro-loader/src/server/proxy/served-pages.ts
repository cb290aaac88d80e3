import { BoundedMap } from '../../shared/bounded-map.js';
import { etagOf } from './listing.js';
import { canonicalQuery } from './query.js';

/**
 * `fields=` applied to a page the proxy holds (already safe: safe-items.ts): each item cut to the
 * fields asked for, in the same envelope, with an ETag of its own. A whole page is served as it
 * is held, bytes untouched. Each page is parsed once for all its projections, however many field
 * sets browsers ask of it (a new upstream answer is a new page).
 */

/** A listing page as the proxy answers it. */
export interface Page {
  body: Uint8Array;
  etag?: string | undefined;
  link?: string | undefined;
}

/** Bytes of parsed pages kept (an estimate: three times the JSON, for objects and projections). */
const PARSED_BYTES = 32 * 1024 * 1024;
/** Projections kept per parsed page: each is cheap to make again from the parsed items. */
const PROJECTIONS_PER_PAGE = 8;

interface Parsed {
  /** The envelope without `data` (`meta`), or undefined for a bare array. */
  envelope: Record<string, unknown> | undefined;
  items: Record<string, unknown>[];
  projections: Map<string, Promise<Page>>;
  /** What it counts for in PARSED_BYTES. */
  size: number;
}

export class ServedPages {
  readonly #ids = new WeakMap<Uint8Array, number>();
  #next = 0;
  readonly #parsed = new BoundedMap<number, Parsed>(PARSED_BYTES, (parsed) => parsed.size);

  /**
   * `page` cut to `fields` (undefined: the page as held); `linked`: its links carry `fields=`
   * (a request that named them).
   */
  get(page: Page, fields: readonly string[] | undefined, linked: boolean): Promise<Page> {
    if (!fields) return Promise.resolve(page);
    const parsed = this.#parse(page.body);
    const key = `${linked ? '+' : ''}${fields.join(',')}`;
    let made = parsed.projections.get(key);
    if (!made) {
      if (parsed.projections.size >= PROJECTIONS_PER_PAGE) parsed.projections.clear();
      made = project(parsed, page, fields, linked);
      parsed.projections.set(key, made);
    }
    return made;
  }

  /** The blog of the page's articles when they all belong to one (a `?blog=` page), else none. */
  blogIdsOf(page: Page): string[] {
    const ids = new Set(this.#parse(page.body).items.map((item) => item.blog_id));
    const [only] = ids;
    return ids.size === 1 && typeof only === 'string' ? [only] : [];
  }

  #parse(body: Uint8Array): Parsed {
    let id = this.#ids.get(body);
    if (id === undefined) {
      id = this.#next++;
      this.#ids.set(body, id);
    }
    let parsed = this.#parsed.get(id);
    if (!parsed) {
      const json = JSON.parse(new TextDecoder().decode(body)) as unknown;
      const items = (Array.isArray(json) ? json : (json as { data: unknown[] }).data) as Record<
        string,
        unknown
      >[];
      const envelope = Array.isArray(json)
        ? undefined
        : Object.fromEntries(Object.entries(json as object).filter(([name]) => name !== 'data'));
      parsed = { envelope, items, projections: new Map(), size: body.byteLength * 3 };
      this.#parsed.set(id, parsed);
    }
    return parsed;
  }
}

async function project(
  parsed: Parsed,
  page: Page,
  fields: readonly string[],
  linked: boolean,
): Promise<Page> {
  const data = parsed.items.map((item) => {
    const out: Record<string, unknown> = {};
    for (const name of fields) if (name in item) out[name] = item[name];
    return out;
  });
  const json = parsed.envelope ? { ...parsed.envelope, data } : data;
  const body = new TextEncoder().encode(JSON.stringify(json));
  const link = linked ? linkWithFields(page.link, fields) : page.link;
  return { body, etag: await etagOf(body), ...(link ? { link } : {}) };
}

/**
 * A `Link` header's URLs with `fields=` added, each still in the canonical spelling (pages of a
 * projection link to the projection).
 */
export function linkWithFields(
  link: string | undefined,
  fields: readonly string[],
): string | undefined {
  if (!link) return undefined;
  return link.replace(/<([^>?]*)(?:\?([^>]*))?>/g, (_, path: string, query: string | undefined) => {
    const params = new Map(new URLSearchParams(query ?? ''));
    params.set('fields', fields.join(','));
    const canonical = canonicalQuery(params);
    return `<${path}${canonical ? `?${canonical}` : ''}>`;
  });
}
