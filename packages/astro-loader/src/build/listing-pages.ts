/**
 * Reads a listing page by page and hands each page to the caller as it arrives (so rendering
 * overlaps the network), then checks the listing is consistent with core's own check (the one
 * `client.list()` makes) and reads it again if content changed meanwhile. The caller keeps
 * only what it made of each page; the page's raw items can be dropped once it returns.
 */
import {
  type ContentReadClient,
  type HeldPage,
  ListingChangedError,
  type ListMeta,
  type ListPage,
  listingInconsistency,
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
    problem = listingInconsistency(outcomes);
    if (problem === '') return outcomes;
  }
  throw new ListingChangedError(`The listing changed while it was read: ${problem}`, {
    path,
    attempts: ATTEMPTS,
    hint: `Content was added or removed during each of ${ATTEMPTS} attempts; run the sync again.`,
  });
}
