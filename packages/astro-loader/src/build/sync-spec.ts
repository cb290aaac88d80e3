import type { ContentReadClient } from '@content-read/core';
import type { DataStore } from 'astro/loaders';
import type { z } from 'astro/zod';
import type { CommonLoaderOptions } from '../config/options.js';

/** One entry as Astro's data store takes it. */
export type DataEntry = Parameters<DataStore['set']>[0];

/** What differs between the blogs and the articles loader. */
export interface SyncSpec<T extends { id: string }> {
  resource: 'blogs' | 'articles';
  /** 'blog' or 'article', for messages. */
  noun: string;
  options: CommonLoaderOptions & { invalidArticles?: 'fail' | 'skip' };
  /** Everything (besides the loader version) that changes what entries are made. */
  describeOptions: Record<string, unknown>;
  wireSchema: z.ZodType;
  /** The listings to read: one per blog filter, or one of everything. */
  listings: (client: ContentReadClient) => Promise<Array<{ blog?: string }>>;
  keep: (item: T) => boolean;
  entryId: (item: T) => string;
  /** Builds the entry (parseData, rendering) for a new or changed item, given it checked. */
  toEntry: (wire: never, id: string, digest: string) => Promise<DataEntry>;
}
