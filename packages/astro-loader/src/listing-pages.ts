/**
 * Reads a listing page by page and hands each page to the caller as it arrives (so rendering
 * overlaps the network), then checks the listing is consistent — the same check core's
 * `client.list()` makes — and reads it again if content changed meanwhile. The caller keeps
 * only what it made of each page; the page's raw items can be dropped once it returns.
 */
import {
  type ContentReadClient,
  type HeldPage,
  ListingChangedError,
  type ListMeta,
  type ListPage,
} from '@content-read/core';

/** Core's default `maxListingAttempts`. */
const ATTEMPTS = 3;

export interface PageOutcome {
  key: string;
  page: number;
  ids: string[];
  meta?: ListMeta | undefined;
}

export async function readPagesConsistently<T, O extends PageOutcome>(
  client: ContentReadClient,
  resource: 'blogs' | 'articles',
  options: { blog?: string; previous: Record<string, HeldPage> },
  onPage: (page: ListPage<T>) => Promise<O>,
): Promise<O[]> {
  let problem = '';
  let path = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const outcomes: O[] = [];
    const pages = client.pages(resource as 'articles', options) as AsyncIterable<ListPage<T>>;
    for await (const page of pages) {
      if (page.page === 1) path = page.key;
      outcomes.push(await onPage(page));
    }
    outcomes.sort((a, b) => a.page - b.page);
    problem = inconsistency(outcomes);
    if (problem === '') return outcomes;
  }
  throw new ListingChangedError(`The listing changed while it was read: ${problem}`, {
    path,
    attempts: ATTEMPTS,
    hint: `Content was added or removed during each of ${ATTEMPTS} attempts; run the sync again.`,
  });
}

/** '' when the pages add up (distinct ids, one total, matching it), else what is wrong. */
function inconsistency(pages: PageOutcome[]): string {
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
