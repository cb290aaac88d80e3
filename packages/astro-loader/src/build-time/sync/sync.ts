import { type ContentReadClient, createClient, MAX_PER_PAGE } from '@content-read/core';
import { checkNodeVersion } from '@content-read/core/internal';
import type { LoaderContext } from 'astro/loaders';
import { RENDERING_VERSION } from '../../body/sanitise/sanitiser.js';
import { ContentReadLoaderError, syncFailed } from '../../shared/errors.js';
import { LOADER_VERSION } from '../../shared/version.js';
import { resolveConnection } from '../config/connection.js';
import { widerProxyWarning } from '../config/proxy-scope.js';
import { HeldItems } from './held-items.js';
import { pageProcessor } from './page-entries.js';
import { SyncReport } from './sync-report.js';
import type { DataEntry, SyncSpec } from './sync-spec.js';
import {
  deferStoreSave,
  type HeldPageState,
  readState,
  usablePages,
  writeState,
} from './sync-state.js';

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
  const wider = widerProxyWarning(collection, spec.options.blogs);
  if (wider) logger.warn(wider);
  let conn: { baseUrl: string; apiKey: string };
  let client: ContentReadClient;
  try {
    checkNodeVersion(`Collection "${collection}" (@content-read/astro-loader)`);
    const envDir = ctx.config.vite?.envDir;
    conn = await resolveConnection(
      spec.options,
      ctx.config.root,
      `Collection "${collection}"`,
      typeof envDir === 'string' ? envDir : undefined,
    );
  } catch (error) {
    throw new ContentReadLoaderError(collection, (error as Error).message);
  }
  try {
    client = createClient({
      baseUrl: conn.baseUrl,
      apiKey: conn.apiKey,
      userAgent: `content-read-astro-loader/${LOADER_VERSION}`,
      onRetry: (event) => report.onRetry(event),
      onResponse: (event) => report.onResponse(event.status),
      // Core leaves out items its wire schema refuses and reports them in page.invalid (their ids
      // still count toward meta.total); the page processor then fails or skips them, as configured.
      invalidItems: 'skip',
      ...(spec.options.concurrency ? { concurrency: spec.options.concurrency } : {}),
      // The server's largest page: a fifth of the requests of core's default 100.
      perPage: spec.options.perPage ?? MAX_PER_PAGE,
      ...(spec.options.retry ? { retry: spec.options.retry } : {}),
      ...(spec.options.timeouts ? { timeouts: spec.options.timeouts } : {}),
      ...(spec.options.allowInsecureHttp ? { allowInsecureHttp: true } : {}),
    });
  } catch (error) {
    // A bad option (e.g. concurrency: 0): one line naming the collection, not a client trace.
    throw new ContentReadLoaderError(
      collection,
      `Collection "${collection}": ${(error as Error).message}`,
    );
  }
  const version = ctx.generateDigest({
    loader: LOADER_VERSION,
    rendering: RENDERING_VERSION,
    options: spec.describeOptions,
  });
  const previousState = readState(meta);
  const held = usablePages(previousState, version, (id) => store.has(id));
  if (previousState && Object.keys(held).length === 0 && store.keys().length > 0) {
    logger.info(`${collection}: loader version or options changed, reading everything again`);
  }
  const stopDeferringSave = deferStoreSave(meta);
  try {
    // Each page is rendered as it arrives, overlapping the network with the rendering.
    const processPage = pageProcessor(ctx, spec, version, held, report);
    const listings = await spec.readListings(client, { previous: held, onPage: processPage });
    const results = listings.flatMap((listing) => listing.pages);
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
    for (const entry of spec.finish ? spec.finish(pending, keepIds) : pending) store.set(entry);
    for (const id of store.keys()) {
      if (!keepIds.has(id)) {
        store.delete(id);
        report.removed++;
      }
    }
    for (const result of results) if (result.items) spec.heldItems?.write(result.key, result.items);
    const heldPages = new Set(spec.heldItems ? Object.keys(pages) : []);
    new HeldItems(meta).keepOnly(heldPages, Object.keys(previousState?.pages ?? {}));
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
    stopDeferringSave();
    await client.close();
  }
}
