import { type ContentReadClient, createClient, type Listing } from '@content-read/core';
import type { DataStore, LoaderContext } from 'astro/loaders';
import type { z } from 'astro/zod';

type DataEntry = Parameters<DataStore['set']>[0];

import { resolveConnection } from './config.js';
import { ContentReadLoaderError, invalidItem, syncFailed } from './errors.js';
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
    const listings = await Promise.all(
      (await spec.listings(client)).map(
        (filter) =>
          client.list(spec.resource as 'articles', { ...filter, previous: held }) as Promise<
            Listing<never>
          >,
      ),
    );
    const pending: DataEntry[] = [];
    const pages: Record<string, HeldPageState> = {};
    const keepIds = new Set<string>();
    let processed = 0;
    for (const page of listings.flatMap((l) => l.pages) as Listing<T>['pages']) {
      report.pages++;
      if (page.notModified) {
        report.notModified++;
        const before = held[page.key];
        if (!before) throw new Error(`no held state for not-modified page ${page.key}`);
        for (const id of before.kept) keepIds.add(id);
        report.unchanged += before.kept.length;
        if (before.skipped) report.skipped += before.skipped;
        pages[page.key] = { ...before, etag: page.etag, meta: page.meta, next: page.next };
        continue;
      }
      const kept: string[] = [];
      let skipped = 0;
      for (const bad of page.invalid) skipped += invalid(ctx, spec, bad, report);
      for (const item of page.items) {
        report.progress(() => `${processed} items processed…`);
        processed++;
        const checked = checkItem(spec.wireSchema, item);
        if (!checked.ok) {
          skipped += invalid(ctx, spec, checked.problem, report);
          continue;
        }
        if (!spec.keep(item)) continue;
        const id = spec.entryId(item);
        const digest = ctx.generateDigest({ version, item });
        kept.push(id);
        keepIds.add(id);
        const existing = store.get(id);
        if (existing?.digest === digest) {
          report.unchanged++;
          continue;
        }
        try {
          pending.push(await spec.toEntry(checked.value as never, id, digest));
        } catch (error) {
          const why = schemaProblem(item.id, error);
          kept.pop();
          keepIds.delete(id);
          skipped += invalid(ctx, spec, why, report);
          continue;
        }
        if (existing) report.updated++;
        else report.added++;
      }
      pages[page.key] = {
        etag: page.etag ?? '',
        ids: page.ids,
        meta: page.meta,
        next: page.next,
        kept,
        skipped,
      };
      if (!page.etag) delete pages[page.key];
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
  report: SyncReport,
): number {
  const line = invalidItem(ctx.collection, spec.noun, problem);
  if (spec.options.invalidArticles !== 'skip') {
    throw new ContentReadLoaderError(
      ctx.collection,
      `${line} Fix it in the CMS, or set invalidArticles: 'skip' to leave such articles out.`,
    );
  }
  report.skipped++;
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
