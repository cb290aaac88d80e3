import type { ArticleRecord, BlogRecord } from '../data/schema.js';
import type { Scope } from '../data/scope.js';
import { VersionedCache } from '../data/versioned-cache.js';
import { type Representation, represent } from './outcome.js';
import type { ListQuery } from './query.js';

/** A list page as served: its bytes with ETag, and its Link header. */
export interface SerialisedPage {
  rep: Representation;
  link: string;
}

const wireJson = new WeakMap<object, string>();

/** A record as the wire shows it: everything but the server-side `public` flag, unknown fields kept. */
function toWire(record: BlogRecord | ArticleRecord): string {
  let json = wireJson.get(record);
  if (json === undefined) {
    const { public: _hidden, ...wire } = record;
    json = JSON.stringify(wire);
    wireJson.set(record, json);
  }
  return json;
}

const MAX_CACHED_PAGES = 10_000;

/**
 * Serialised list pages with their ETag and Link header, per (visible set, route, blog, page,
 * per_page) and data version: a page is built once and then served as stored bytes.
 */
export class ListingCache {
  readonly #pages: VersionedCache<string, SerialisedPage>;

  constructor(dataVersion: () => number) {
    this.#pages = new VersionedCache(dataVersion, MAX_CACHED_PAGES);
  }

  page(
    scope: Scope,
    route: 'blogs' | 'articles',
    query: ListQuery,
    blogId: string | undefined,
  ): SerialisedPage {
    const blogPart = query.blog === undefined ? '' : `=${query.blog}`;
    const cacheKey = `${scope.serial}|${route}|${blogPart}|${query.page}|${query.perPage}`;
    return this.#pages.get(cacheKey, () => {
      const items: readonly (BlogRecord | ArticleRecord)[] =
        route === 'blogs'
          ? scope.blogs
          : blogId === undefined
            ? scope.articles
            : scope.articlesOfBlog(blogId);
      return buildPage(route, items, query);
    });
  }
}

function buildPage(
  route: 'blogs' | 'articles',
  items: readonly (BlogRecord | ArticleRecord)[],
  query: ListQuery,
): SerialisedPage {
  const { page, perPage } = query;
  const total = items.length;
  // An empty listing still has one (empty) page, so `rel="last"` always names a page that exists.
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const start = (page - 1) * perPage;
  const slice = start < total ? items.slice(start, start + perPage) : [];
  const meta = JSON.stringify({ page, per_page: perPage, total, total_pages: totalPages });
  const rep = represent(`{"data":[${slice.map(toWire).join(',')}],"meta":${meta}}`);
  const base = `/api/v1/${route}?${query.blog === undefined ? '' : `blog=${encodeURIComponent(query.blog)}&`}`;
  const href = (n: number) => `<${base}page=${n}&per_page=${perPage}>`;
  const links = page < totalPages ? [`${href(page + 1)}; rel="next"`] : [];
  links.push(`${href(totalPages)}; rel="last"`);
  return { rep, link: links.join(', ') };
}

export const DISCOVERY = represent(
  JSON.stringify({
    name: 'Content Read API',
    version: 'v1',
    resources: [
      { name: 'blogs', href: '/api/v1/blogs', auth: 'bearer' },
      { name: 'articles', href: '/api/v1/articles', auth: 'bearer', formats: ['json'] },
    ],
  }),
);
