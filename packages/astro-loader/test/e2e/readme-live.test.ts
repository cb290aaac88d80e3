/**
 * The README's live section, followed after its quick start as a user would: the code blocks
 * are taken from the README itself, written into a site beside the quick start's build-time
 * collections, checked with `astro check`, built, and rendered against the mock server's demo data.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AstroSite } from '@content-read/test-support/astro-site';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../helpers/serve.js';

const README = new URL('../../README.md', import.meta.url);

/** Every "`path`:" line followed by a fenced block, in one section of the README. */
function filesIn(readme: string, heading: string): Record<string, string> {
  const start = readme.indexOf(`\n## ${heading}\n`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const files: Record<string, string> = {};
  for (const [, path, code] of section.matchAll(/`(src\/[^`]+)`:\n\n```\w+\n([\s\S]*?)```/g))
    if (path && code) files[path] = code;
  return files;
}

describe("the README's live section against the demo data", { timeout: 240_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  // Two copies of the site, so that `astro check` and `astro build` (each syncs) run at once.
  let checked: AstroSite;
  let site: AstroSite;
  let running: ChildProcess | undefined;
  let files: Record<string, string>;
  beforeAll(async () => {
    server = await startMock();
    const readme = await readFile(README, 'utf8');
    files = {
      ...filesIn(readme, 'From nothing to a working site'),
      ...filesIn(readme, 'Live collections'),
    };
    const copy = async () => {
      const made = await AstroSite.copy(new URL('../fixtures/readme-live', import.meta.url));
      for (const [path, code] of Object.entries(files)) {
        await mkdir(dirname(join(made.root, path)), { recursive: true });
        await writeFile(join(made.root, path), code);
      }
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

  it('holds the quick start and the three live files', () => {
    expect(Object.keys(files).sort()).toEqual([
      'src/content.config.ts',
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
    expect(html).toMatch(/<article>[\s\S]*<p>/);
    // Its CSS block, highlighted by the README's liveHighlighter().
    expect(html).toMatch(
      /<pre class="astro-code github-dark" style="[^"]*" tabindex="0" data-language="css"><code><span class="line"><span style="color:#[0-9A-F]{6}">/,
    );

    const missing = await fetch(`${started.url}/live/art_9999/`);
    expect(missing.status).toBe(404);
  });
});
