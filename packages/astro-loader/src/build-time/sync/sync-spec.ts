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
  /** Told each item of the listing that `keep` leaves out (the link step's "filtered out"). */
  leftOut?: (item: T) => void;
  entryId: (item: T) => string;
  /** What option functions make of an item besides its id (e.g. its blog's entry id). */
  derived?: (item: T) => unknown;
  /** Where pages' items are held when the options hold functions (see HeldItems). */
  heldItems?: HeldItems<T> | undefined;
  /** Builds the entry (parseData, rendering) for a new or changed item. */
  toEntry: (item: T, id: string, digest: string) => Promise<DataEntry>;
  /**
   * The entries to store once every page is in hand: those `made`, and any kept entry a later
   * step changes (the link step). `kept`: every entry id the collection keeps. Default: `made`.
   */
  finish?: (made: DataEntry[], kept: ReadonlySet<string>) => DataEntry[];
}
