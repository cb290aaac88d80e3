/**
 * Page-by-page reading (the API contract §5, tolerant reader): a bare array is one page;
 * `{ data }` follows `Link: rel="next"`; with `meta.total_pages` the remaining pages are
 * fetched concurrently (bounded) and yielded as they arrive. Each page is a conditional
 * request when the caller holds its ETag; a 304 yields the held ids and meta.
 */
import type { z } from 'zod';
import { ValidationError } from '../errors.js';
import { linkNext } from '../http/link-header.js';
import { withRetry } from '../http/retry.js';
import { pathOf, type Transport } from '../http/transport.js';
import type { ResolvedOptions } from '../options.js';
import type { Redactor } from '../redact.js';
import { parseList } from '../schema/validate.js';
import type { HeldPage, InvalidItem, InvalidItemsMode, ListPage } from '../types.js';

/** Hard stop for endless Link chains and absurd total_pages (a server bug must not run away). */
const MAX_PAGES = 100_000;

export interface PageContext<T> {
  transport: Transport;
  options: ResolvedOptions;
  redact: Redactor;
  item: z.ZodType<T>;
  /** URL of page 1 (`page=1` included, so every page key has the same shape). */
  first: URL;
  previous: ReadonlyMap<string, HeldPage>;
  /** Held pages taken as they are, without a request. */
  reuse: ((key: string) => boolean) | undefined;
  /** Which page to start from (list({ last }), listing/last.ts); page 1 without it. */
  start: PageStart | undefined;
  signal: AbortSignal | undefined;
  /** What an invalid list item does: reject its page, or be left out and reported. */
  invalidItems: InvalidItemsMode;
  onInvalidItem: ((item: InvalidItem) => void) | undefined;
}

/** The first page a listing is read from, worked out before it is read. */
export type PageStart = <T>(ctx: PageContext<T>) => Promise<number>;

export function toHeldMap(
  previous: ReadonlyMap<string, HeldPage> | Record<string, HeldPage> | undefined,
): ReadonlyMap<string, HeldPage> {
  if (previous === undefined) return new Map();
  if (previous instanceof Map) return previous;
  return new Map(Object.entries(previous as Record<string, HeldPage>));
}

export async function* readPages<T>(ctx: PageContext<T>): AsyncGenerator<ListPage<T>> {
  // Our own controller stops pages still in flight when the caller stops iterating or a page fails.
  const stop = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, stop.signal]) : stop.signal;
  const inner = { ...ctx, signal };
  try {
    const start = ctx.start ? await ctx.start(inner) : 1;
    const [first, firstNext] = await fetchPage(inner, pageUrl(ctx.first, start), start);
    yield first;
    const total = first.meta?.total_pages;
    if (total !== undefined && total > MAX_PAGES) {
      throw new ValidationError('meta.total_pages is implausibly large', {
        path: first.key,
        issues: [{ field: 'meta.total_pages', problem: `${total} is above ${MAX_PAGES}` }],
        hint: 'The API reported more pages than any listing can have; report it to the API operator.',
      });
    }
    if (total !== undefined) {
      const numbers = Array.from({ length: Math.max(0, total - start) }, (_, i) => i + start + 1);
      yield* inParallel(numbers, ctx.options.concurrency, async (n) => {
        const [page] = await fetchPage(inner, pageUrl(ctx.first, n), n);
        return page;
      });
      return;
    }
    const seen = new Set([first.key]);
    for (let next = firstNext, n = 2; next !== undefined; n++) {
      const url = sameOrigin(ctx.first, next, first.key);
      if (seen.has(pathOf(url)) || n > MAX_PAGES) break;
      seen.add(pathOf(url));
      const [page, after] = await fetchPage(inner, url, n);
      yield page;
      next = after;
    }
  } finally {
    stop.abort(new Error('listing stopped'));
  }
}

/** One page, and the raw URL of the next one (the page itself only holds a redacted copy). */
export async function fetchPage<T>(
  ctx: PageContext<T>,
  url: URL,
  n: number,
): Promise<[ListPage<T>, string | undefined]> {
  // Redacted: a server that puts the key in its Link URLs must not get it into caches.
  const key = ctx.redact(pathOf(url));
  const held = ctx.previous.get(key);
  // Only a page of a listing paged by totals: one paged by Link needs the page's own Link.
  if (held?.meta && ctx.reuse?.(key)) return heldPage(ctx, key, n, held, held.next);
  const res = await withRetry(ctx.options, { method: 'GET', path: key }, ctx.signal, () =>
    ctx.transport.send(url, { auth: true, ifNoneMatch: held?.etag, signal: ctx.signal }),
  );
  const link =
    linkNext(res.headers.get('link'), res.url)?.href ?? (res.notModified ? held?.next : undefined);
  const next = link === undefined ? undefined : ctx.redact(link);
  if (res.notModified && held) return heldPage(ctx, key, n, held, link);
  const parsed = parseList(ctx.item, res.body, key, ctx.redact, ctx.invalidItems);
  const { items, ids, invalid, meta } = parsed;
  for (const item of invalid) observe(ctx.onInvalidItem, item);
  const etag = res.headers.get('etag') ?? undefined;
  return [
    { key, page: meta?.page ?? n, etag, meta, next, notModified: false, items, ids, invalid },
    link,
  ];
}

/** A held page handed back as not modified (answered 304, or reused without a request). */
function heldPage<T>(
  ctx: PageContext<T>,
  key: string,
  n: number,
  held: HeldPage,
  link: string | undefined,
): [ListPage<T>, string | undefined] {
  const next = link === undefined ? undefined : ctx.redact(link);
  const page = held.meta?.page ?? n;
  const { etag, meta } = held;
  return [{ key, page, etag, meta, next, notModified: true, ids: [...held.ids] }, link];
}

/** An observer that throws must not break the listing. */
function observe(observer: ((item: InvalidItem) => void) | undefined, item: InvalidItem): void {
  try {
    observer?.(item);
  } catch {
    // ignored on purpose
  }
}

export function pageUrl(first: URL, n: number): URL {
  const url = new URL(first);
  url.searchParams.set('page', String(n));
  return url;
}

function sameOrigin(base: URL, target: string, from: string): URL {
  const url = new URL(target);
  if (url.origin !== base.origin) {
    throw new ValidationError('Link rel="next" points to another origin', {
      path: from,
      issues: [{ field: 'Link', problem: `next page is on ${url.origin}, not ${base.origin}` }],
      hint: 'The client never sends the key to another origin; the API should link to its own pages.',
    });
  }
  return url;
}

/** Runs `task` over `inputs`, at most `limit` at a time, yielding results as they settle. */
async function* inParallel<I, R>(
  inputs: I[],
  limit: number,
  task: (input: I) => Promise<R>,
): AsyncGenerator<R> {
  const running = new Map<number, Promise<[number, R]>>();
  let started = 0;
  const startNext = () => {
    const i = started++;
    const input = inputs[i] as I;
    const p = task(input).then((r): [number, R] => [i, r]);
    p.catch(() => {}); // rejections are observed by the race below, or abandoned on exit
    running.set(i, p);
  };
  while (started < inputs.length && running.size < limit) startNext();
  while (running.size > 0) {
    const [i, result] = await Promise.race(running.values());
    running.delete(i);
    if (started < inputs.length) startNext();
    yield result;
  }
}
