import type { LoaderContext } from 'astro/loaders';
import { describe, expect, it } from 'vitest';
import { RenderFailure } from '../../src/build-time/pool/inline-render.js';
import { pageProcessor } from '../../src/build-time/sync/page-entries.js';
import type { SyncReport } from '../../src/build-time/sync/sync-report.js';
import type { SyncSpec } from '../../src/build-time/sync/sync-spec.js';
import { ContentReadLoaderError } from '../../src/shared/errors.js';

type Item = { id: string };

/** Just what pageProcessor reads of Astro's loader context. */
const ctx = {
  collection: 'posts',
  store: { get: () => undefined },
  generateDigest: (data: unknown) => JSON.stringify(data),
  logger: { warn: () => {} },
} as unknown as LoaderContext;
const report = { progress: () => {} } as unknown as SyncReport;

function process(error: Error, invalidArticles?: 'skip', noun = 'article') {
  const spec = {
    noun,
    options: { invalidArticles },
    keep: () => true,
    entryId: (item: Item) => item.id,
    toEntry: async () => {
      throw error;
    },
  } as unknown as SyncSpec<Item>;
  const page = { key: '/articles', notModified: false, invalid: [], items: [{ id: 'art_1' }] };
  return pageProcessor(ctx, spec, '1', {}, report)(page as never);
}

describe('page entries', () => {
  for (const invalidArticles of [undefined, 'skip'] as const) {
    it(`reports a failed render as the loader's fault (invalidArticles: ${invalidArticles})`, async () => {
      const failing = process(new RenderFailure('boom'), invalidArticles);
      await expect(failing).rejects.toBeInstanceOf(ContentReadLoaderError);
      const message = await failing.then(String, (error: Error) => error.message);
      expect(message).toContain('Collection "posts"');
      expect(message).toContain('article art_1');
      expect(message).toContain('boom');
      expect(message).toMatch(
        /fault of @content-read\/astro-loader.*report it.*sanitiseWorkers: 0/,
      );
      expect(message).not.toMatch(/is invalid|Fix it in the CMS/);
    });
  }

  it('still reports a schema rejection as the article being invalid', async () => {
    const failing = process(new Error('Invalid data\n**title**: Required'));
    await expect(failing).rejects.toThrow(
      /article art_1 is invalid: field "title".*Fix it in the CMS/,
    );
  });

  it('tells how to fix an invalid blog without naming invalidArticles, an option blogs lack', async () => {
    const failing = process(new Error('Invalid data\n**name**: Required'), undefined, 'blog');
    const message = await failing.then(String, (error: Error) => error.message);
    expect(message).toMatch(/blog art_1 is invalid: field "name".* Fix it in the CMS\.$/);
    expect(message).not.toContain('invalidArticles');
  });

  it('makes an entry again when its body or any other field changes, and only then', async () => {
    const stored = new Map<string, { digest: string }>();
    const made: string[] = [];
    const spec = {
      noun: 'article',
      options: {},
      keep: () => true,
      entryId: (item: Item) => item.id,
      toEntry: async (item: Item, id: string, digest: string) => {
        made.push(id);
        return { id, digest, data: item };
      },
    } as unknown as SyncSpec<Item>;
    const withStore = { ...ctx, store: { get: (id: string) => stored.get(id) } } as LoaderContext;
    const sync = async (items: object[]) => {
      made.length = 0;
      const page = { key: '/articles', notModified: false, invalid: [], items };
      const result = await pageProcessor(withStore, spec, '1', {}, report)(page as never);
      for (const { entry } of result.made) stored.set(entry.id, { digest: String(entry.digest) });
      return [...made];
    };
    const a = { id: 'a', title: 'A', html: '<p>a</p>' };
    const b = { id: 'b', title: 'B', html: '<p>b</p>' };
    const c = { id: 'c', title: 'C' };
    expect(await sync([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(await sync([a, b, c])).toEqual([]);
    expect(
      await sync([{ ...a, html: '<p>a, edited</p>' }, { ...b, title: 'B, edited' }, c]),
    ).toEqual(['a', 'b']);
  });
});
