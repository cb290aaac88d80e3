import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { keepsDist, removeDroppedPages } from '../../src/build-time/integration/kept-dist.js';

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A dist/ holding `files`, a cacheDir, and Astro's `assets` map for the pages a build wrote. */
async function site(files: string[]) {
  const root = await mkdtemp(join(tmpdir(), 'cr-kept-dist-'));
  made.push(root);
  const dist = join(root, 'dist');
  for (const file of files) {
    await mkdir(join(dist, file, '..'), { recursive: true });
    await writeFile(join(dist, file), file);
  }
  const built = (pages: string[]) =>
    new Map([['/[...path]', pages.map((page) => pathToFileURL(join(dist, page)))]]);
  const cache = pathToFileURL(join(root, '.cache/'));
  const prune = (pages: string[]) =>
    removeDroppedPages(pathToFileURL(`${dist}/`), cache, built(pages));
  return { root, dist, cache, prune };
}

describe('dist/ kept between incremental builds', () => {
  it('is pruned only with incremental builds and emptyOutDir false', () => {
    expect(
      keepsDist({
        experimental: { incrementalBuild: true },
        vite: { build: { emptyOutDir: false } },
      }),
    ).toBe(true);
    expect(keepsDist({ experimental: { incrementalBuild: true } })).toBe(false);
    expect(keepsDist({ vite: { build: { emptyOutDir: false } } })).toBe(false);
  });

  it('removes the pages the last build wrote and this one did not, and their empty folders, nothing else', async () => {
    const pages = [
      'index.html',
      'articles/a/index.html',
      'articles/b/index.html',
      'blogs/x/2/index.html',
    ];
    const { dist, prune } = await site([...pages, 'robots.txt', '_astro/app.js']);
    expect(await prune(pages)).toEqual([]);
    const kept = ['index.html', 'articles/a/index.html'];
    expect((await prune(kept)).sort()).toEqual(['articles/b/index.html', 'blogs/x/2/index.html']);
    expect(await readdir(join(dist, 'articles'))).toEqual(['a']);
    expect((await readdir(dist)).sort()).toEqual([
      '_astro',
      'articles',
      'index.html',
      'robots.txt',
    ]);
    // The next build compares with this one's pages only.
    expect(await prune(kept)).toEqual([]);
  });

  it('never deletes outside dist/, whatever the list in cacheDir says', async () => {
    const { root, dist, cache, prune } = await site(['index.html']);
    await writeFile(join(root, 'outside.txt'), 'keep me');
    await mkdir(new URL('./', cache), { recursive: true });
    await writeFile(
      new URL('content-read-built-pages.json', cache),
      JSON.stringify(['../outside.txt', join(root, 'outside.txt'), 'index.html', 42]),
    );
    expect(await prune([])).toEqual(['index.html']);
    expect(await readFile(join(root, 'outside.txt'), 'utf8')).toBe('keep me');
    expect(await readdir(dist)).toEqual([]);
  });
});
