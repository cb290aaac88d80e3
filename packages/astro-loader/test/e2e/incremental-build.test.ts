import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AstroSite } from '@content-read/test-support/astro-site';
import { pagesOf } from '@content-read/test-support/build-log';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FIXTURE = new URL('../fixtures/incremental', import.meta.url);

/** The listing pages (blogs/<id>/, blogs/<id>/2/ …) whose built HTML links to `articleId`. */
function listingsShowing(pages: Record<string, string>, articleId: string): string[] {
  return Object.keys(pages)
    .filter((p) => p.startsWith('blogs/') && pages[p]?.includes(`data-id="${articleId}"`))
    .map((p) => p.slice(0, -'index.html'.length));
}

/**
 * Makes the site's installed loader (AstroSite.copy installs our packages: this site's own copy)
 * say it renders differently now (RENDERING_VERSION + 1), as an upgrade that changes the
 * sanitiser's output would.
 */
async function withNewRenderingVersion(site: AstroSite): Promise<void> {
  const loader = join(site.root, 'node_modules/@content-read/astro-loader');
  // The bundle that holds the constant, whichever chunk it is (scripts/bundle.ts names them).
  const holders: string[] = [];
  for (const file of await readdir(join(loader, 'dist'))) {
    if (!file.endsWith('.js')) continue;
    const path = join(loader, 'dist', file);
    const code = await readFile(path, 'utf8');
    const bumped = code.replace(
      /RENDERING_VERSION = (\d+);/,
      (_, v: string) => `RENDERING_VERSION = ${Number(v) + 1};`,
    );
    if (bumped === code) continue;
    holders.push(file);
    await writeFile(path, bumped);
  }
  expect(holders).toHaveLength(1);
}

// One site and one API, built in order; each build keeps the cacheDir (store, incremental
// manifest, page copies) of the one before, as the CI guide's recipe does, and dist/ too
// (vite.build.emptyOutDir false: Astro leaves unchanged pages in place, contentRead() removes
// those no longer built).
describe('incremental static builds with cacheKey()', { timeout: 180_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  let site: AstroSite;
  let env: NodeJS.ProcessEnv;
  let all: string[];
  let pages: Record<string, string>;
  beforeAll(async () => {
    server = await startMock();
    site = await AstroSite.copy(FIXTURE);
    env = site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY });
  });
  afterAll(async () => {
    await server?.close();
    await site?.dispose();
  });
  const build = async () => {
    const result = await site.build(env);
    expect(result.code, result.output).toBe(0);
    return { ...result, ...pagesOf(result.output) };
  };

  it('a cold build renders every article page and every listing page', async () => {
    const cold = await build();
    pages = cold.pages;
    all = cold.rendered;
    expect(cold.reused).toEqual([]);
    expect(all.filter((p) => p.startsWith('articles/'))).toHaveLength(32);
    expect(all.filter((p) => p.startsWith('blogs/')).length).toBeGreaterThanOrEqual(6);
  });

  it('after a cold sync of unchanged content, every page is restored from the cacheDir alone (dist and store deleted), byte for byte', async () => {
    await rm(join(site.root, 'dist'), { recursive: true });
    await rm(join(site.root, '.cache/data-store.json'));
    const again = await build();
    expect(again.output).toContain('articles: synced 32 entries (32 new');
    expect(again.rendered).toEqual([]);
    expect(again.reused).toEqual(all);
    expect(again.pages).toEqual(pages);
  });

  it('one edited article re-renders its page and the listing page that shows it, nothing else', async () => {
    const article = server.mock.dataset.articles.find((a) => pages[`articles/${a.id}/index.html`]);
    if (!article) throw new Error('no built article');
    server.mock.updateArticle(article.id, { title: 'Edited for the incremental build' });
    const edited = await build();
    const expected = [`articles/${article.id}/`, ...listingsShowing(pages, article.id)];
    expect(expected).toHaveLength(2);
    expect(edited.rendered).toEqual(expected.sort());
    expect(edited.reused).toEqual(all.filter((p) => !expected.includes(p)));
    for (const page of expected)
      expect(edited.pages[`${page}index.html`]).toContain('Edited for the incremental build');
    pages = edited.pages;
  });

  it("a deleted article's page disappears; only listing pages of its blog render again", async () => {
    const article = server.mock.dataset.articles.find((a) => pages[`articles/${a.id}/index.html`]);
    if (!article) throw new Error('no built article');
    const [shownOn] = listingsShowing(pages, article.id);
    server.mock.deleteArticle(article.id);
    const after = await build();
    all = [...after.rendered, ...after.reused].sort();
    pages = after.pages;
    expect(Object.keys(after.pages)).not.toContain(`articles/${article.id}/index.html`);
    expect(await readdir(join(site.root, 'dist/articles'))).not.toContain(article.id);
    expect(all.filter((p) => p.startsWith('articles/'))).toHaveLength(31);
    // The page that showed it renders again (or is gone, if it showed only that article), and
    // so do those after it (their entries moved up): all of them when the blog has a page fewer,
    // since each links to the last.
    if (!shownOn) throw new Error(`no listing page showed ${article.id}`);
    if (all.includes(shownOn)) expect(after.rendered).toContain(shownOn);
    else expect(await readdir(join(site.root, 'dist', shownOn)).catch(() => [])).toEqual([]);
    const others = after.rendered.filter((p) => !p.startsWith(`blogs/${article.blog_id}/`));
    expect(others).toEqual([]);
  });

  it("a renamed blog re-renders its articles' pages and its listing pages, nothing else", async () => {
    const blog = server.mock.dataset.blogs.find((b) => pages[`blogs/${b.id}/index.html`]);
    if (!blog) throw new Error('no built blog');
    server.mock.updateBlog(blog.id, { name: 'Renamed Blog' });
    const renamed = await build();
    const expected = all.filter(
      (p) =>
        p.startsWith(`blogs/${blog.id}/`) ||
        pages[`${p}index.html`]?.includes(`<p id="blog">${blog.name}</p>`),
    );
    expect(expected.length).toBeGreaterThan(3);
    expect(renamed.rendered).toEqual(expected);
    for (const page of expected)
      expect(renamed.pages[`${page}index.html`]).toContain('Renamed Blog');
  });

  it('a new sanitiser rendering version re-renders every page', async () => {
    await withNewRenderingVersion(site);
    const upgraded = await build();
    expect(upgraded.output).toContain(
      'loader version or options changed, reading everything again',
    );
    expect(upgraded.reused).toEqual([]);
    expect(upgraded.rendered).toEqual(all);
  });
});
