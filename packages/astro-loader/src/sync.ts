import { type ContentReadClient, createClient, type ListPage } from '@content-read/core';
import type { DataStore, LoaderContext } from 'astro/loaders';
import type { z } from 'astro/zod';

type DataEntry = Parameters<DataStore['set']>[0];

import { resolveConnection } from './config.js';
import { ContentReadLoaderError, invalidItem, syncFailed } from './errors.js';
import { type PageOutcome, readPagesConsistently } from './listing-pages.js';
import { checkItem, type ItemProblem } from './mapping.js';
import type { CommonLoaderOptions } from './options.js';
import { SyncReport } from './sync-report.js';
import { type HeldPageState, readState, usablePages, writeState } from './sync-state.js';
import { LOADER_VERSION } from './version.js';

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

/** What one page of the listing produced (its raw items are not kept). */
interface PageResult extends PageOutcome {
  notModified: boolean;
  /** The page's state for the next sync; none when the server sent no ETag. */
  state: HeldPageState | undefined;
  /** Entry ids of the page that stay in the store. */
  kept: string[];
  skipped: number;
  unchanged: number;
  /** New or changed entries, stored once the whole listing is in hand. */
  made: Array<{ entry: DataEntry; isNew: boolean }>;
}

/**
 * One incremental sync: conditional listing with the ETags of the last sync, only new or
 * changed items processed, and the store changed only once every page is in hand.
 */
export async function syncCollection<T extends { id: string }>(
  ctx: LoaderContext,
  spec: SyncSpec<T>,
): Promise<void> {
  const { collection, store, meta, logger } = ctx;
  const report = new SyncReport(collection, logger);
  let conn: { baseUrl: string; apiKey: string };
  try {
    conn = resolveConnection(spec.options, ctx.config.root, `Collection "${collection}"`);
  } catch (error) {
    throw new ContentReadLoaderError(collection, (error as Error).message);
  }
  const version = ctx.generateDigest({ loader: LOADER_VERSION, options: spec.describeOptions });
  const previousState = readState(meta);
  const held = usablePages(previousState, version, (id) => store.has(id));
  if (previousState && Object.keys(held).length === 0 && store.keys().length > 0) {
    logger.info(`${collection}: loader version or options changed, reading everything again`);
  }
  const skip = spec.options.invalidArticles === 'skip';
  const client = createClient({
    baseUrl: conn.baseUrl,
    apiKey: conn.apiKey,
    userAgent: `content-read-astro-loader/${LOADER_VERSION}`,
    onRetry: (event) => report.onRetry(event),
    onResponse: (event) => report.onResponse(event.status),
    // With 'skip', core leaves out items that break the API contract (reported in page.invalid,
    // their ids still counted toward meta.total); the loader's stricter checks follow below.
    invalidItems: skip ? 'skip' : 'fail',
    ...(spec.options.concurrency ? { concurrency: spec.options.concurrency } : {}),
    // The server's largest page: a fifth of the requests of core's default 100.
    perPage: spec.options.perPage ?? 500,
    ...(spec.options.retry ? { retry: spec.options.retry } : {}),
    ...(spec.options.timeouts ? { timeouts: spec.options.timeouts } : {}),
  });
  try {
    // Each page is rendered as it arrives (overlapping the network); entries rendered in an
    // attempt whose listing turned out inconsistent are reused by the next attempt.
    const rendered = new Map<string, DataEntry>();
    let processed = 0;
    const processPage = async (page: ListPage<T>): Promise<PageResult> => {
      const base = { key: page.key, page: page.page, ids: page.ids, meta: page.meta };
      if (page.notModified) {
        const before = held[page.key];
        if (!before) throw new Error(`no held state for not-modified page ${page.key}`);
        const state = { ...before, etag: page.etag, meta: page.meta, next: page.next };
        const { kept, skipped = 0 } = before;
        return {
          ...base,
          notModified: true,
          state,
          kept,
          skipped,
          unchanged: kept.length,
          made: [],
        };
      }
      const kept: string[] = [];
      const made: PageResult['made'] = [];
      let skipped = 0;
      let unchanged = 0;
      for (const bad of page.invalid) skipped += invalid(ctx, spec, bad);
      for (const item of page.items) {
        report.progress(() => `${processed} items processed…`);
        // Let responses still in flight be read while a long page renders.
        if (++processed % 50 === 0) await new Promise((done) => setImmediate(done));
        const checked = checkItem(spec.wireSchema, item);
        if (!checked.ok) {
          skipped += invalid(ctx, spec, checked.problem);
          continue;
        }
        if (!spec.keep(item)) continue;
        const id = spec.entryId(item);
        const digest = ctx.generateDigest({ version, item });
        const existing = store.get(id);
        if (existing?.digest === digest) {
          kept.push(id);
          unchanged++;
          continue;
        }
        let entry = rendered.get(id);
        if (entry?.digest !== digest) {
          try {
            entry = await spec.toEntry(checked.value as never, id, digest);
          } catch (error) {
            skipped += invalid(ctx, spec, schemaProblem(item.id, error));
            continue;
          }
          rendered.set(id, entry);
        }
        kept.push(id);
        made.push({ entry, isNew: !existing });
      }
      const state = page.etag
        ? { etag: page.etag, ids: page.ids, meta: page.meta, next: page.next, kept, skipped }
        : undefined;
      // Only what was made of the page is kept; its raw items can go.
      return { ...base, notModified: false, state, kept, skipped, unchanged, made };
    };
    const results = (
      await Promise.all(
        (
          await spec.listings(client)
        ).map((filter) =>
          readPagesConsistently<T, PageResult>(
            client,
            spec.resource,
            { ...filter, previous: held },
            processPage,
          ),
        ),
      )
    ).flat();
    rendered.clear();
    const pending: DataEntry[] = [];
    const pages: Record<string, HeldPageState> = {};
    const keepIds = new Set<string>();
    for (const result of results) {
      report.pages++;
      if (result.notModified) report.notModified++;
      report.unchanged += result.unchanged;
      report.skipped += result.skipped;
      for (const id of result.kept) keepIds.add(id);
      if (result.state) pages[result.key] = result.state;
      for (const { entry, isNew } of result.made) {
        pending.push(entry);
        if (isNew) report.added++;
        else report.updated++;
      }
    }
    // Everything is in hand: only now change the store.
    for (const entry of pending) store.set(entry);
    for (const id of store.keys()) {
      if (!keepIds.has(id)) {
        store.delete(id);
        report.removed++;
      }
    }
    writeState(meta, { version, pages });
    logger.info(report.summary(store.keys().length));
  } catch (error) {
    const failure =
      error instanceof ContentReadLoaderError ? error : syncFailed(collection, error, conn.apiKey);
    const kept = store.keys().length;
    if (spec.options.onError === 'keep-last' && previousState && kept > 0) {
      logger.warn(
        `${failure.message} Keeping the ${kept} entries of the last successful sync (onError: 'keep-last').`,
      );
      return;
    }
    throw failure;
  } finally {
    await client.close();
  }
}

/** Handles one invalid item: throws (default) or warns and returns 1 (skipped). */
function invalid<T extends { id: string }>(
  ctx: LoaderContext,
  spec: SyncSpec<T>,
  problem: ItemProblem,
): number {
  const line = invalidItem(ctx.collection, spec.noun, problem);
  if (spec.options.invalidArticles !== 'skip') {
    throw new ContentReadLoaderError(
      ctx.collection,
      `${line} Fix it in the CMS, or set invalidArticles: 'skip' to leave such articles out.`,
    );
  }
  ctx.logger.warn(`${line} Skipped (invalidArticles: 'skip').`);
  return 1;
}

/** Astro's parseData error lists fields as `**field**: message`; name the first. */
function schemaProblem(id: string, error: unknown): ItemProblem {
  const text = error instanceof Error ? error.message : String(error);
  const match = /\*\*([^*]+)\*\*:?\s*(.*)/.exec(text.split('\n').slice(1).join('\n') || text);
  return {
    id,
    field: match?.[1]?.trim() ?? '(schema)',
    problem: match?.[2]?.trim() || text.split('\n')[0] || 'rejected by the collection schema',
  };
}
