import type { ListPage } from '@content-read/core';
import { describe, expect, it } from 'vitest';
import { expireLiveListings } from '../../src/server/live/expiry.js';
import { Deadline } from '../../src/server/live/live-budget.js';
import { LiveListingCache, type ReadListing } from '../../src/server/live/live-cache.js';

type Item = { id: string; title: string };

/**
 * An upstream of one listing page whose reads the test finishes one by one: each read answers
 * with the titles the API held when the read started.
 */
function heldUpstream() {
  let title = 'before';
  const reads: Array<() => void> = [];
  const readListing: ReadListing<Item> = async ({ onPage }) => {
    const items = [{ id: 'a', title }];
    await new Promise<void>((done) => reads.push(done));
    const page = onPage({
      key: '1',
      etag: `"${title}"`,
      meta: undefined,
      ids: ['a'],
      items,
      notModified: false,
    } as unknown as ListPage<Item>);
    return { pages: [page], ids: ['a'], attempts: 1 };
  };
  return {
    readListing,
    publish: (next: string) => {
      title = next;
    },
    /** Finishes the `n`th read (0-based) started so far. */
    finish: (n: number) => reads[n]?.(),
    get started() {
      return reads.length;
    },
  };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((done) => setTimeout(done, 1));
};
const titleOf = async (read: Promise<{ items: Item[] }>) => (await read).items[0]?.title;
const deadline = () => new Deadline(60_000);

/** A listing kept an hour, holding its first read ('before'). */
async function warmListing() {
  const upstream = heldUpstream();
  const cache = new LiveListingCache(upstream.readListing, {
    resource: 'articles',
    freshness: 3_600_000,
  });
  const first = cache.read(deadline());
  await until(() => upstream.started === 1);
  upstream.finish(0);
  expect(await titleOf(first)).toBe('before');
  return { upstream, cache };
}

describe('a live listing expired by a publish', () => {
  it('is read again at once, even within its freshness window', async () => {
    const { upstream, cache } = await warmListing();
    upstream.publish('after');
    expect(await titleOf(cache.read(deadline()))).toBe('before');
    expect(upstream.started).toBe(1);

    expect(expireLiveListings()).toBeGreaterThanOrEqual(1);
    const after = cache.read(deadline());
    await until(() => upstream.started === 2);
    upstream.finish(1);
    expect(await titleOf(after)).toBe('after');
  });

  it('never serves, after the publish, a revalidation that started before it', async () => {
    const { upstream, cache } = await warmListing();
    cache.expire();
    // A revalidation starts, then the publish lands while it is under way.
    const during = cache.read(deadline());
    await until(() => upstream.started === 2);
    upstream.publish('after');
    cache.expire();
    const later = cache.read(deadline());
    await until(() => upstream.started === 3);
    // The newer read answers first, the older one after it: the older one's caller gets what it
    // read, and the cache keeps the newer listing.
    upstream.finish(2);
    expect(await titleOf(later)).toBe('after');
    upstream.finish(1);
    expect(await titleOf(during)).toBe('before');
    expect(await titleOf(cache.read(deadline()))).toBe('after');
    expect(upstream.started).toBe(3);
  });

  it('does not keep a revalidation that a publish overtook, even when no read follows it', async () => {
    const { upstream, cache } = await warmListing();
    cache.expire();
    const during = cache.read(deadline());
    await until(() => upstream.started === 2);
    upstream.publish('after');
    cache.expire();
    upstream.finish(1);
    expect(await titleOf(during)).toBe('before');
    // The read it started answered before the publish: the next read asks again.
    const next = cache.read(deadline());
    await until(() => upstream.started === 3);
    upstream.finish(2);
    expect(await titleOf(next)).toBe('after');
  });
});
