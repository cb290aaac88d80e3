/**
 * The docs site's quickstart, followed as a new user would: every code sample with a file name
 * (`title="src/…"`) is written into an empty site as that file, which must pass `astro check` and
 * build against the mock server's demo data, with the articles rendered as the page says:
 * headings, highlighted code and images through Astro's image service. A renamed option breaks
 * this test, not a reader's site.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AstroSite, repoRoot } from '@content-read/test-support/astro-site';
import { filesOf, pageSamples, writeFiles } from '@content-read/test-support/doc-samples';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('the quickstart of the docs site', { timeout: 240_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  // Two copies, so that `astro check` and `astro build` (each syncs) run at once.
  let checked: AstroSite;
  let site: AstroSite;
  let files: Record<string, string>;
  beforeAll(async () => {
    server = await startMock();
    // The site's files (the `.env` samples are shell, not compiled, so not among them).
    files = filesOf(await pageSamples('getting-started/quickstart.md'));
    // The images' host is the page's placeholder; the demo's images are the mock's own.
    const host = new URL(server.baseUrl).hostname;
    const served = Object.fromEntries(
      Object.entries(files).map(([path, code]) => [path, code.replace('images.example.com', host)]),
    );
    const copy = async () => {
      const made = await AstroSite.copy(new URL('./fixtures/quickstart', import.meta.url));
      await writeFiles(made.root, served);
      return made;
    };
    [checked, site] = await Promise.all([copy(), copy()]);
  });
  afterAll(async () => {
    await server?.close();
    await checked?.dispose();
    await site?.dispose();
  });

  it('has a sample for each file of the site', () => {
    expect(Object.keys(files).sort()).toEqual([
      'astro.config.mjs',
      'src/content.config.ts',
      'src/layouts/Base.astro',
      'src/pages/articles/[id].astro',
      'src/pages/index.astro',
    ]);
  });

  it("renders articles as the playground's article page does: <ArticleBody entry>, headings from render()", async () => {
    const playground = await readFile(
      join(repoRoot, 'playground/src/pages/blogs/[blog]/[article].astro'),
      'utf8',
    );
    const quickstart = files['src/pages/articles/[id].astro'] ?? '';
    for (const page of [quickstart, playground]) {
      expect(page).toContain(
        "import ArticleBody from '@content-read/astro-loader/ArticleBody.astro';",
      );
      expect(page).toMatch(/<ArticleBody entry=\{article\}/);
      expect(page).toMatch(/const \{ headings \} = await render\(article\);/);
      expect(page).not.toContain('<Content');
    }
  });

  it('passes astro check and builds the demo articles with headings, highlighted code and served images', async () => {
    const env = site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY });
    const [check, built] = await Promise.all([checked.run('check', env), site.build(env)]);
    expect(check.code, check.output).toBe(0);
    expect(check.output).toMatch(/0 errors/);
    expect(built.code, built.output).toBe(0);
    expect(built.pages['index.html']).toContain('A Practical Guide to Conditional Requests');
    const article = built.pages['articles/art_0007/index.html'] ?? '';
    // Every page declares its charset (the layout's), so no browser reads it in another one.
    for (const page of [built.pages['index.html'] ?? '', article])
      expect(page).toMatch(/^<!DOCTYPE html><html lang="en">\s*<head>\s*<meta charset="utf-8">/);
    expect(article).toContain('<h1>A Practical Guide to Conditional Requests</h1>');
    expect(article).toMatch(/<nav>\s*<ul><li><a href="#[^"]+">/);
    expect(article).toMatch(/<pre class="astro-code [^"]*"[^>]*data-language="css"/);
    // Every body image through the image service (the feature image is not in the body).
    const images = [...article.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(images.length).toBeGreaterThan(0);
    for (const src of images) expect(src).toMatch(/^\/_astro\//);
  });
});
