import type { ContentReadClient, HeldPage, Listing, ListPage } from '@content-read/core';
import type { DataStore } from 'astro/loaders';
import type { HeldItems } from './held-items.js';
import type { CommonLoaderOptions } from './sync-options.js';

/** One entry as Astro's data store takes it. */
export type DataEntry = Parameters<DataStore['set']>[0];

/** What differs between the blogs and the articles loader. */
export interface SyncSpec<T extends { id: string }> {
  /** 'blog' or 'article', for messages. */
  noun: string;
  options: CommonLoaderOptions & { invalidArticles?: 'fail' | 'skip' };
  /** Everything (besides the loader version) that changes what entries are made. */
  describeOptions: Record<string, unknown>;
  /**
   * Reads the listings (one per blog filter, or one of everything) with core's listing pipeline,
   * each page handed to `onPage` as it arrives.
   */
  readListings: <P>(
    client: ContentReadClient,
    options: { previous: Record<string, HeldPage>; onPage: (page: ListPage<T>) => Promise<P> },
  ) => Promise<Array<Listing<T, P>>>;
  keep: (item: T) => boolean;
  entryId: (item: T) => string;
  /** What option functions make of an item besides its id (e.g. its blog's entry id). */
  derived?: (item: T) => unknown;
  /** Where pages' items are held when the options hold functions (see HeldItems). */
  heldItems?: HeldItems<T> | undefined;
  /** Builds the entry (parseData, rendering) for a new or changed item. */
  toEntry: (item: T, id: string, digest: string) => Promise<DataEntry>;
}
