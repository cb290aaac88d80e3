import { renderArticleHtml, type SanitiseOptions } from '../../body/sanitise/sanitiser.js';
import { BoundedMap } from '../../shared/bounded-map.js';
import { webUrl } from '../../shared/entries/mapping.js';
import { FIELDS } from './fields.js';
import { etagOf } from './listing.js';
import { canonicalQuery, type Resource } from './query.js';

/**
 * Step 8 of a request: what a browser is served of a listing page. Whatever the API sent, an
 * item holds only the contract's fields; its URL fields (`url`, `canonical_url`,
 * `feature_image.url`) are http(s) or `null`, as in entries; an article's `html` has been through
 * the body pipeline's sanitising step (step 2, the loaders' defaults plus the proxy's
 * `allowClasses`), unless the site set `unsafeRawHtml`. Then each item is cut to the fields asked
 * for (`fields=`, or the proxy's configured fields).
 *
 * Each page is parsed once, each body sanitised once and only when a request asks for `html`:
 * every projection of the page is made from those (a new upstream answer is a new page).
 */

/** A listing page as the proxy answers it. */
export interface Page {
  body: Uint8Array;
  etag?: string | undefined;
  link?: string | undefined;
}

export interface ServedSettings {
  resource: Resource;
  /** The proxy's path, for the `Link`s of a projection. */
  path: string;
  sanitise: SanitiseOptions;
  /** Serve article bodies as the API sent them: the site's own scripts must sanitise them. */
  unsafeRawHtml: boolean;
}

/** Bytes of parsed pages kept (an estimate: three times the JSON, for objects and projections). */
const PARSED_BYTES = 32 * 1024 * 1024;
/** Projections kept per parsed page: each is cheap to make again from the parsed items. */
const PROJECTIONS_PER_PAGE = 8;

interface Parsed {
  /** The envelope without `data` (`meta`), or undefined for a bare array. */
  envelope: Record<string, unknown> | undefined;
  items: Record<string, unknown>[];
  /** Sanitised bodies, made when first asked for. */
  html: (string | null | undefined)[];
  projections: Map<string, Promise<Page>>;
  /** What it counts for in PARSED_BYTES. */
  size: number;
}

export class ServedPages {
  readonly #ids = new WeakMap<Uint8Array, number>();
  #next = 0;
  readonly #parsed = new BoundedMap<number, Parsed>(PARSED_BYTES, (parsed) => parsed.size);

  constructor(private readonly settings: ServedSettings) {}

  /**
   * `page` as served: items cut to `fields` (undefined: every field of the contract); `linked`:
   * its links carry `fields=` (a request that named them).
   */
  get(page: Page, fields: readonly string[] | undefined, linked: boolean): Promise<Page> {
    const parsed = this.#parse(page.body);
    const names = fields ?? FIELDS[this.settings.resource];
    const key = `${linked ? '+' : ''}${names.join(',')}`;
    let made = parsed.projections.get(key);
    if (!made) {
      if (parsed.projections.size >= PROJECTIONS_PER_PAGE) parsed.projections.clear();
      made = this.#project(parsed, page, names, linked && fields ? fields : undefined);
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
      const list = Array.isArray(json) ? json : (json as { data: unknown[] }).data;
      const envelope = Array.isArray(json)
        ? undefined
        : Object.fromEntries(Object.entries(json as object).filter(([name]) => name !== 'data'));
      const items = list.map((item) => this.#safeItem(item));
      parsed = { envelope, items, html: [], projections: new Map(), size: body.byteLength * 3 };
      this.#parsed.set(id, parsed);
    }
    return parsed;
  }

  /** An item with the contract's fields alone, its URL fields http(s) only (html as sent). */
  #safeItem(item: unknown): Record<string, unknown> {
    const record = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const name of FIELDS[this.settings.resource]) if (name in record) out[name] = record[name];
    for (const name of ['url', 'canonical_url'])
      if (name in out) out[name] = typeof out[name] === 'string' ? webUrl(out[name]) : null;
    const image = out.feature_image as Record<string, unknown> | null | undefined;
    if (image !== undefined)
      out.feature_image =
        image && typeof image.url === 'string' && webUrl(image.url) !== null ? image : null;
    return out;
  }

  #html(parsed: Parsed, index: number): string | null {
    let html = parsed.html[index];
    if (html === undefined) {
      const raw = parsed.items[index]?.html;
      html =
        typeof raw !== 'string'
          ? null
          : this.settings.unsafeRawHtml
            ? raw
            : renderArticleHtml(raw, this.settings.sanitise).html;
      parsed.html[index] = html;
    }
    return html;
  }

  async #project(
    parsed: Parsed,
    page: Page,
    names: readonly string[],
    linkFields: readonly string[] | undefined,
  ): Promise<Page> {
    const data = parsed.items.map((item, index) => {
      const out: Record<string, unknown> = {};
      for (const name of names) {
        if (!(name in item)) continue;
        out[name] = name === 'html' ? this.#html(parsed, index) : item[name];
      }
      return out;
    });
    const json = parsed.envelope ? { ...parsed.envelope, data } : data;
    const body = new TextEncoder().encode(JSON.stringify(json));
    const link = linkFields ? linkWithFields(page.link, linkFields) : page.link;
    return { body, etag: await etagOf(body), ...(link ? { link } : {}) };
  }
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
