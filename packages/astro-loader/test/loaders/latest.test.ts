import type { LoaderContext } from 'astro/loaders';
import { describe, expect, it } from 'vitest';
import { articlesLoader } from '../../src/index.js';

describe('articlesLoader({ latest })', () => {
  it.each([0, -5, 2.5, Number.NaN])(
    'refuses latest: %s in one line naming the collection and what to set',
    async (latest) => {
      const load = articlesLoader({ latest }).load({ collection: 'posts' } as LoaderContext);
      await expect(load).rejects.toThrow(
        `Collection "posts": latest must be a whole number ≥ 1 (got ${latest}); set it to how many of the newest articles to sync, or leave it out to sync them all.`,
      );
    },
  );
});
