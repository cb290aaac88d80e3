/**
 * The one listing pipeline: pages are handed to `onPage` as they arrive (so the caller's work
 * overlaps the network), then the listing is checked for consistency: when the server states
 * `meta.total`, the pages must hold exactly that many distinct ids (and agree on the total);
 * otherwise content changed while we read and the listing is read again, up to
 * `maxListingAttempts` times. `list()`, the loader's page-by-page sync and its live cache all
 * read listings through here.
 */
import { ListingChangedError } from '../errors.js';
import type { ListMeta } from '../schema/wire.js';
import type { Listing, ListPage } from '../types.js';

/**
 * Pages whose `onPage` may still be at work while the next one is handed on. One would leave
 * the main thread idle at the end of every page while threads finish its bodies; a few bound
 * what is held at once.
 */
const PAGES_AT_WORK = 4;

/** What becomes of each page; by default the page itself. Calls may overlap (see PAGES_AT_WORK). */
export type OnPage<T, P> = (page: ListPage<T>) => P | Promise<P>;

/** What the listing keeps of a page once it is handed on. */
interface PageOutline {
  page: number;
  ids: readonly string[];
  meta?: ListMeta | undefined;
}

export interface ListingSource<T> {
  /** Reads the listing once, page by page (page 1 first, the rest as they arrive). */
  read: () => AsyncIterable<ListPage<T>>;
  attempts: number;
  /** The listing's URL path (redacted), for the error. */
  path: string;
}

export async function readListing<T, P>(
  source: ListingSource<T>,
  onPage: OnPage<T, P>,
): Promise<Listing<T, P>> {
  let problem = '';
  for (let attempt = 1; attempt <= source.attempts; attempt++) {
    // Only what the consistency check needs is kept of each page: its items (bodies included)
    // can go as soon as onPage has made what it needs of them, not once the whole listing is in.
    const read: Array<{ page: PageOutline; result: Promise<P> }> = [];
    let settled = 0;
    for await (const page of source.read()) {
      // Started now, awaited later: while what a page makes is still at work elsewhere (the
      // loader's sanitiser threads), the next page is already being made.
      const result = (async () => onPage(page))();
      result.catch(() => {}); // awaited below, in the order handed over; abandoned if an earlier one fails
      read.push({ page: { page: page.page, ids: page.ids, meta: page.meta }, result });
      while (read.length - settled >= PAGES_AT_WORK) await read[settled++]?.result;
    }
    const made: Array<{ page: PageOutline; result: P }> = [];
    for (const { page, result } of read) made.push({ page, result: await result });
    made.sort((a, b) => a.page.page - b.page.page);
    const pages = made.map((r) => r.page);
    problem = listingInconsistency(pages);
    if (problem === '') {
      return {
        pages: made.map((r) => r.result),
        ids: pages.flatMap((p) => p.ids),
        attempts: attempt,
      };
    }
  }
  throw new ListingChangedError(`The listing changed while it was read: ${problem}`, {
    path: source.path,
    attempts: source.attempts,
    hint: `Content was added or removed during each of ${source.attempts} attempts; run the sync again, or raise maxListingAttempts.`,
  });
}

/** '' when the pages of one listing add up (distinct ids, one `meta.total`, matching the count), else what is wrong. */
function listingInconsistency(pages: readonly PageOutline[]): string {
  const ids = pages.flatMap((p) => p.ids);
  const distinct = new Set(ids).size;
  if (distinct !== ids.length) return `${ids.length - distinct} id(s) appeared on two pages`;
  const totals = new Set(pages.flatMap((p) => (p.meta ? [p.meta.total] : [])));
  if (totals.size > 1) return `pages reported different totals (${[...totals].join(', ')})`;
  const [total] = totals;
  // A listing read from page m on (list({ last })) holds all but the first m - 1 pages' items,
  // unless it shrank below page m after its total was asked.
  const from = pages[0];
  if (from?.meta && from.page > Math.max(1, from.meta.total_pages))
    return `page ${from.page} is past the last page (${from.meta.total_pages})`;
  const before = from?.meta && from.page > 1 ? (from.page - 1) * from.meta.per_page : 0;
  if (total !== undefined && Math.max(0, total - before) !== distinct) {
    const after = before > 0 ? ` (${before} of them on pages before ${from?.page}, not read)` : '';
    return `meta.total is ${total}${after} but the pages held ${distinct} distinct ids`;
  }
  return '';
}
