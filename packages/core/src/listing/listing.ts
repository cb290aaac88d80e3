/**
 * A whole listing, checked for consistency: when the server states `meta.total`, the pages
 * must hold exactly that many distinct ids (and agree on the total); otherwise content
 * changed while we read and the listing is read again, up to maxListingAttempts times.
 */
import { ListingChangedError } from '../errors.js';
import type { ListMeta } from '../schema/wire.js';
import type { Listing, ListPage } from '../types.js';
import { type PageContext, readPages } from './pages.js';

export async function readListing<T extends { id: string }>(
  ctx: PageContext<T>,
): Promise<Listing<T>> {
  const attempts = ctx.options.maxListingAttempts;
  let problem = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const pages: ListPage<T>[] = [];
    for await (const page of readPages(ctx)) pages.push(page);
    pages.sort((a, b) => a.page - b.page);
    problem = listingInconsistency(pages);
    if (problem === '') return { pages, ids: pages.flatMap((p) => p.ids), attempts: attempt };
  }
  throw new ListingChangedError(`The listing changed while it was read: ${problem}`, {
    path: ctx.redact(ctx.first.pathname + ctx.first.search),
    attempts,
    hint: `Content was added or removed during each of ${attempts} attempts; run the sync again, or raise maxListingAttempts.`,
  });
}

/**
 * '' when the pages of one listing add up (distinct ids, one `meta.total`, matching the count),
 * else what is wrong. Exported for callers that read pages themselves with `client.pages()`.
 */
export function listingInconsistency(
  pages: ReadonlyArray<{ ids: readonly string[]; meta?: ListMeta | undefined }>,
): string {
  const ids = pages.flatMap((p) => p.ids);
  const distinct = new Set(ids).size;
  if (distinct !== ids.length) return `${ids.length - distinct} id(s) appeared on two pages`;
  const totals = new Set(pages.flatMap((p) => (p.meta ? [p.meta.total] : [])));
  if (totals.size > 1) return `pages reported different totals (${[...totals].join(', ')})`;
  const [total] = totals;
  if (total !== undefined && total !== distinct) {
    return `meta.total is ${total} but the pages held ${distinct} distinct ids`;
  }
  return '';
}
