import type { ListPage } from '@content-read/core';
import type { LoaderContext } from 'astro/loaders';
import { ContentReadLoaderError, type ItemProblem, invalidItem } from '../../shared/errors.js';
import { RenderFailure } from '../pool/inline-render.js';
import type { SyncReport } from './sync-report.js';
import type { DataEntry, SyncSpec } from './sync-spec.js';
import type { HeldPageState } from './sync-state.js';

/** What one page of the listing produced (its raw items are not kept). */
export interface PageResult<T> {
  /** The page's key (URL path + query), under which its state is held. */
  key: string;
  notModified: boolean;
  /** The page's state for the next sync; none when the server sent no ETag. */
  state: HeldPageState | undefined;
  /** Entry ids of the page that stay in the store. */
  kept: string[];
  skipped: number;
  unchanged: number;
  /** New or changed entries, stored once the whole listing is in hand. */
  made: Array<{ entry: DataEntry; isNew: boolean }>;
  /** The page's API items, to hold for the next sync (only with option functions). */
  items?: T[] | undefined;
}

/**
 * What an entry is made of, hashed: the item, its id and what the option functions made of it,
 * under the loader's version and options. A body is most of an item, so it is hashed as it is,
 * not escaped into the item's JSON first: for 10,000 articles of 5 KB, 38 ms instead of 100 ms
 * of the main thread, and 60 MB less garbage.
 */
function digestOf(
  ctx: LoaderContext,
  what: { version: string; item: object; id: string; derived: unknown },
): string {
  const { html, ...rest } = what.item as { html?: unknown };
  if (typeof html !== 'string') return ctx.generateDigest(what);
  return ctx.generateDigest(html) + ctx.generateDigest({ ...what, item: rest });
}

/** Where an entry's digest ends and what its links hold begins (see links/sync-links.ts). */
const LINKS_MARK = '~';

/** The part of an entry's digest that its API item makes. */
export function itemDigest(digest: string | number | undefined): string | undefined {
  return digest === undefined ? undefined : String(digest).split(LINKS_MARK)[0];
}

/** An entry's digest once its links are written: they change the page, and so its cache key. */
export function linkedDigest(digest: string | number | undefined, links: string): string {
  return `${itemDigest(digest) ?? ''}${LINKS_MARK}${links}`;
}

/** An entry made of an item, why the item is invalid, or how the loader itself failed on it. */
type Made = { entry: DataEntry } | { problem: ItemProblem } | { failure: ContentReadLoaderError };

/**
 * Turns each page of the listing into entries as it arrives: checks every item, skips the
 * unchanged ones (same digest as in the store), renders the new and changed ones. Entries
 * rendered in an attempt whose listing turned out inconsistent are reused by the next one.
 */
export function pageProcessor<T extends { id: string }>(
  ctx: LoaderContext,
  spec: SyncSpec<T>,
  version: string,
  held: Record<string, HeldPageState>,
  report: SyncReport,
): (page: ListPage<T>) => Promise<PageResult<T>> {
  const { store } = ctx;
  const rendered = new Map<string, DataEntry>();
  let processed = 0;
  /** New, changed and unchanged entries of one page's items (a fresh page, or a 304 one decided again). */
  async function entriesOf(items: readonly T[]) {
    const kept: string[] = [];
    const made: PageResult<T>['made'] = [];
    let skipped = 0;
    let unchanged = 0;
    // Every entry of the page is started before any is awaited, so that their bodies can be
    // sanitised in parallel, off the main thread; they are then taken in page order.
    const making: Array<{ id: string; existing: boolean; entry: Promise<Made> | undefined }> = [];
    for (const item of items) {
      report.progress(() => `${processed} items processed…`);
      // Let responses still in flight be read while a long page renders.
      if (++processed % 50 === 0) await new Promise((done) => setImmediate(done));
      if (!spec.keep(item)) {
        spec.leftOut?.(item);
        continue;
      }
      const id = spec.entryId(item);
      // What the option functions made of the item is part of its digest: if they now say
      // something else, the entry is made again.
      const digest = digestOf(ctx, { version, item, id, derived: spec.derived?.(item) });
      const existing = store.get(id);
      if (itemDigest(existing?.digest) === digest) {
        making.push({ id, existing: true, entry: undefined });
        continue;
      }
      const earlier = rendered.get(id);
      const entry: Promise<Made> =
        earlier?.digest === digest
          ? Promise.resolve({ entry: earlier })
          : spec.toEntry(item, id, digest).then(
              (entry) => ({ entry }),
              (error: unknown) =>
                error instanceof RenderFailure
                  ? { failure: renderFailed(ctx.collection, spec.noun, item.id, error) }
                  : { problem: schemaProblem(item.id, error) },
            );
      making.push({ id, existing: existing !== undefined, entry });
    }
    for (const { id, existing, entry } of making) {
      const outcome = entry && (await entry);
      if (!outcome) {
        kept.push(id);
        unchanged++;
      } else if ('failure' in outcome) {
        throw outcome.failure;
      } else if ('problem' in outcome) {
        skipped += invalid(ctx, spec, outcome.problem);
      } else {
        rendered.set(id, outcome.entry);
        kept.push(id);
        made.push({ entry: outcome.entry, isNew: !existing });
      }
    }
    return { kept, made, skipped, unchanged };
  }

  return async (page: ListPage<T>): Promise<PageResult<T>> => {
    if (page.notModified) {
      const before = held[page.key];
      if (!before) throw new Error(`no held state for not-modified page ${page.key}`);
      const state = { ...before, etag: page.etag, meta: page.meta, next: page.next };
      const items = spec.heldItems?.read(page.key);
      if (items === undefined) {
        const { kept, skipped = 0 } = before;
        return {
          key: page.key,
          notModified: true,
          state,
          kept,
          skipped,
          unchanged: kept.length,
          made: [],
        };
      }
      const made = await entriesOf(items);
      const skipped = (before.invalid ?? 0) + made.skipped;
      return {
        key: page.key,
        notModified: true,
        ...made,
        skipped,
        state: { ...state, kept: made.kept, skipped },
      };
    }
    // Items core's wire schema refused (reported, never in items): fail or skip, as configured.
    let invalidCount = 0;
    for (const bad of page.invalid) invalidCount += invalid(ctx, spec, bad);
    const made = await entriesOf(page.items);
    const skipped = invalidCount + made.skipped;
    const state = page.etag
      ? {
          etag: page.etag,
          ids: page.ids,
          meta: page.meta,
          next: page.next,
          kept: made.kept,
          skipped,
          invalid: invalidCount,
        }
      : undefined;
    // Only what was made of the page is kept (and, with option functions, its items, held for
    // the next sync); the raw page can go.
    const items = spec.heldItems && page.etag ? page.items : undefined;
    return { key: page.key, notModified: false, ...made, skipped, state, items };
  };
}

/** Handles one invalid item: throws (default) or warns and returns 1 (skipped). */
function invalid<T extends { id: string }>(
  ctx: LoaderContext,
  spec: SyncSpec<T>,
  problem: ItemProblem,
): number {
  const line = invalidItem(ctx.collection, spec.noun, problem);
  // Only articles can be skipped: a blog left out would take its articles with it.
  if (spec.noun !== 'article' || spec.options.invalidArticles !== 'skip') {
    const skip =
      spec.noun === 'article' ? ", or set invalidArticles: 'skip' to leave such articles out" : '';
    throw new ContentReadLoaderError(ctx.collection, `${line} Fix it in the CMS${skip}.`);
  }
  ctx.logger.warn(`${line} Skipped (invalidArticles: 'skip').`);
  return 1;
}

/** Our rendering failed on an item: the loader's fault, so not reported as the CMS's. */
function renderFailed(collection: string, noun: string, id: string, error: RenderFailure) {
  return new ContentReadLoaderError(
    collection,
    `Collection "${collection}": the loader failed to render the body of ${noun} ${id} (${error.message}). This is a fault of @content-read/astro-loader, not of the ${noun}: please report it. If it concerns worker threads, set sanitiseWorkers: 0 to sanitise on the main thread.`,
    error,
  );
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
