import type { z } from 'astro/zod';
import { checkItem, type ItemProblem } from './mapping.js';

/** Marks an item that stands in for an invalid one (core keeps unknown fields). */
export const INVALID_ITEM = '__contentReadInvalid';

/**
 * A `fetch` for the core client that swaps each invalid article on a list page for a
 * placeholder carrying its id and the problem, before the client validates the page
 * (the client rejects a whole page for one bad item). Ids and counts stay as the server
 * sent them, so pagination and the consistency check still hold; the loader then skips
 * placeholders with a warning. Used only with `invalidArticles: 'skip'`.
 */
export function skipInvalidFetch(schema: z.ZodType, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (res.status !== 200) return res;
    const body: unknown = await res.json();
    const swap = (items: unknown[]) =>
      items.map((item, index) => {
        const checked = checkItem(schema, item);
        return checked.ok ? item : placeholder(checked.problem, index);
      });
    let out: unknown = body;
    if (Array.isArray(body)) out = swap(body);
    else if (isRecord(body) && Array.isArray(body.data)) out = { ...body, data: swap(body.data) };
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(JSON.stringify(out), { status: res.status, headers });
  };
}

function placeholder(problem: ItemProblem, index: number) {
  return {
    id: problem.id === '(no id)' ? `(invalid item ${index})` : problem.id,
    blog_id: '',
    slug: '',
    title: '',
    excerpt: null,
    html: '',
    authors: [],
    tags: [],
    feature_image: null,
    canonical_url: null,
    reading_time: 0,
    published_at: '',
    updated_at: '',
    [INVALID_ITEM]: problem,
  };
}

export function invalidProblem(item: object): ItemProblem | undefined {
  return (item as Record<string, unknown>)[INVALID_ITEM] as ItemProblem | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
