/**
 * The docs site's live-pages guide, followed after its quickstart as a user would: every sample
 * of the two pages that names a file under src/ (```astro title="src/pages/live/[id].astro"```) is
 * written into a site beside the quickstart's build-time collections, checked with `astro check`,
 * built, and rendered against the mock server's demo data. A page that gives a file twice (a
 * first version, then a fuller one) is followed to its last version.
 */
import type { ChildProcess } from 'node:child_process';
import { AstroSite } from '@content-read/test-support/astro-site';
import { filesOf, pageSamples, writeFiles } from '@content-read/test-support/doc-samples';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../helpers/serve.js';

describe("the docs site's live-pages guide against the demo data", { timeout: 240_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  // Two copies of the site, so that `astro check` and `astro build` (each syncs) run at once.
  let checked: AstroSite;
  let site: AstroSite;
  let running: ChildProcess | undefined;
  let files: Record<string, string>;
  beforeAll(async () => {
    server = await startMock();
    // The pages' files under src/, the last version of each (the site's config is its own).
    const samples = [
      ...(await pageSamples('getting-started/quickstart.md')),
      ...(await pageSamples('guides/live-pages.md')),
    ];
    files = filesOf(samples, (file) => file.startsWith('src/'));
    const copy = async () => {
      const made = await AstroSite.copy(new URL('../fixtures/live-guide', import.meta.url));
      await writeFiles(made.root, files);
      return made;
    };
    [checked, site] = await Promise.all([copy(), copy()]);
  });
  afterAll(async () => {
    running?.kill();
    await server?.close();
    await checked?.dispose();
    await site?.dispose();
  });

  it('holds the quickstart and the three live files', () => {
    expect(Object.keys(files).sort()).toEqual([
      'src/content.config.ts',
      'src/layouts/Base.astro',
      'src/live.config.ts',
      'src/pages/articles/[id].astro',
      'src/pages/index.astro',
      'src/pages/live/[id].astro',
      'src/pages/live/index.astro',
    ]);
  });

  it('passes astro check, builds, and renders the live pages with the demo content', async () => {
    const env = site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY });
    const [check] = await Promise.all([checked.run('check', env), site.mustBuild(env)]);
    expect(check.code, check.output).toBe(0);
    expect(check.output).toMatch(/0 errors/);

    const started = await serve(site, env);
    running = started.child;
    const list = await fetch(`${started.url}/live/`);
    const listed = await list.text();
    expect(list.status, listed).toBe(200);
    expect(listed).toContain('A Practical Guide to Conditional Requests');
    // The list is one blog's: Northwind Design's "A Type Scale for Long Reads" is not on it.
    expect(listed).not.toContain('A Type Scale for Long Reads');

    const article = await fetch(`${started.url}/live/art_0007/`);
    const html = await article.text();
    expect(article.status, html).toBe(200);
    expect(html).toContain('<h1>A Practical Guide to Conditional Requests</h1>');
    // The quickstart's layout declares the charset on the live pages too.
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toMatch(/<article>[\s\S]*<p>/);
    // Its CSS block, highlighted by the guide's liveHighlighter().
    expect(html).toMatch(
      /<pre class="astro-code github-dark" style="[^"]*" tabindex="0" data-language="css"><code><span class="line"><span style="color:#[0-9A-F]{6}">/,
    );

    const missing = await fetch(`${started.url}/live/art_9999/`);
    expect(missing.status).toBe(404);
  });
});
