import type { UpstreamAnswer } from './cache.js';
import { canonicalQuery, DEFAULT_PER_PAGE, type Resource } from './query.js';

/** Upstream pages read at once for a whole list: enough to be quick, few enough to be polite. */
export const PAGE_CONCURRENCY = 4;

export type WholeList = { ok: true; items: unknown[] } | { ok: false; answer: UpstreamAnswer };

const parsed = new WeakMap<UpstreamAnswer, unknown[]>();

/** The items of a 200 (a page's `data`, or a bare array), parsed once per stored answer. */
export function itemsOf(answer: UpstreamAnswer): unknown[] {
  let items = parsed.get(answer);
  if (!items) {
    const json = JSON.parse(new TextDecoder().decode(answer.body)) as unknown;
    items = Array.isArray(json) ? json : (json as { data: unknown[] }).data;
    parsed.set(answer, items);
  }
  return items;
}

/**
 * Every item of a list, read page by page (`page` 1, 2 …) as the API offers it: a bare array is
 * the whole list; with `meta.total_pages` the other pages are read `PAGE_CONCURRENCY` at a time;
 * otherwise pages are read one after another while `Link` names a next one. A list longer than
 * `maxPages` is refused before its pages are read (or, without totals, when the cap is reached):
 * one browser request must not become thousands of upstream requests.
 */
export async function readWhole(
  page: (n: number) => Promise<UpstreamAnswer>,
  maxPages: number,
): Promise<WholeList> {
  const tooMany: WholeList = {
    ok: false,
    answer: { status: 502, failure: 'upstream_too_many_pages' },
  };
  const first = await page(1);
  if (first.status !== 200) return { ok: false, answer: first };
  if (first.whole) return { ok: true, items: itemsOf(first) };
  const answers = [first];
  if (first.pages !== undefined) {
    if (first.pages > maxPages) return tooMany;
    let nextPage = 2;
    let failed: UpstreamAnswer | undefined;
    const worker = async () => {
      while (!failed && nextPage <= (first.pages ?? 0)) {
        const n = nextPage++;
        const answer = await page(n);
        if (answer.status !== 200) failed ??= answer;
        else answers[n - 1] = answer;
      }
    };
    await Promise.all(Array.from({ length: PAGE_CONCURRENCY }, worker));
    if (failed) return { ok: false, answer: failed };
  } else {
    for (let last = first; last.next && itemsOf(last).length > 0; ) {
      if (answers.length >= maxPages) return tooMany;
      last = await page(answers.length + 1);
      if (last.status !== 200) return { ok: false, answer: last };
      answers.push(last);
    }
  }
  return { ok: true, items: answers.flatMap(itemsOf) };
}

/**
 * One page of a list the proxy holds whole (a restricted listing, or an API's bare array), in
 * the API's envelope: `page` and `per_page` as asked (default 1 and 100), totals of this list
 * only, `Link` to the next and last pages at the proxy's path, and an ETag of the body.
 */
export function localPage(
  items: readonly unknown[],
  resource: Resource,
  params: ReadonlyMap<string, string>,
  proxyPath: string,
): Promise<{ body: Uint8Array; etag: string; link?: string }> {
  const { page, perPage } = paging(params);
  const data = items.slice((page - 1) * perPage, page * perPage);
  return envelope(data, items.length, resource, params, proxyPath);
}

/** A page past the end of a list of `total` items: empty, as the API answers it (contract 5). */
export function pastTheEnd(
  total: number,
  resource: Resource,
  params: ReadonlyMap<string, string>,
  proxyPath: string,
): Promise<{ body: Uint8Array; etag: string; link?: string }> {
  return envelope([], total, resource, params, proxyPath);
}

/** `page` and `per_page` of checked parameters, with the API's defaults. */
export function paging(params: ReadonlyMap<string, string>): { page: number; perPage: number } {
  return {
    page: Number(params.get('page') ?? 1),
    perPage: Number(params.get('per_page') ?? DEFAULT_PER_PAGE),
  };
}

async function envelope(
  data: readonly unknown[],
  total: number,
  resource: Resource,
  params: ReadonlyMap<string, string>,
  proxyPath: string,
): Promise<{ body: Uint8Array; etag: string; link?: string }> {
  const { page, perPage } = paging(params);
  const totalPages = Math.ceil(total / perPage);
  const meta = { page, per_page: perPage, total, total_pages: totalPages };
  const body = new TextEncoder().encode(JSON.stringify({ data, meta }));
  const to = (n: number, rel: string) => {
    const query = canonicalQuery(new Map([...params, ['page', String(n)]]));
    return `<${proxyPath}/${resource}${query ? `?${query}` : ''}>; rel="${rel}"`;
  };
  const links = [
    ...(page < totalPages ? [to(page + 1, 'next')] : []),
    ...(totalPages > 0 ? [to(totalPages, 'last')] : []),
  ];
  return { body, etag: await etagOf(body), ...(links.length ? { link: links.join(', ') } : {}) };
}

/** A strong ETag of a body the proxy made itself: the first 128 bits of its SHA-256. */
export async function etagOf(body: Uint8Array): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', body as Uint8Array<ArrayBuffer>),
  );
  return `"${[...digest.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
}
