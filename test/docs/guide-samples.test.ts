/**
 * Every TypeScript, JavaScript and Astro sample of the docs site's pages, variants included, is
 * type-checked in a real site, so a renamed option breaks this test, not a reader's site. Each
 * such sample names the file it is (`title="src/live.config.ts"`); the samples of a page are
 * written under `src/guides/<page>/` of one site, beside the files the pages before it left
 * (doc-site.ts: relative imports resolve as in the reader's site), and checked together with
 * `astro check`, against the collections every guide reads: `blogs` and `articles` (build
 * time), `liveArticles` and `liveBlogs` (live).
 */
import { readdir } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { AstroSite } from '@content-read/test-support/astro-site';
import {
  DOCS_PAGES,
  pageSamples,
  type Sample,
  writeSamples,
} from '@content-read/test-support/doc-samples';
import { docSite, pagesInOrder } from '@content-read/test-support/doc-site';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The sections whose samples this test checks, variants included, each page on its own. */
const SECTIONS = ['getting-started', 'guides', 'explanations', 'reference'];

/** The files of `files` a test compiles (under `under`, when given). */
function compiled(files: Record<string, string>, under = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(files).filter(
      ([file]) => file.startsWith(under) && /\.(ts|tsx|js|mjs|jsx|astro)$/.test(file),
    ),
  );
}

/** The files of `site` that `samples` import by a relative path, and those they import. */
function importedBy(samples: Sample[], site: Record<string, string>): Record<string, string> {
  const wanted: Record<string, string> = {};
  const visit = (file: string, code: string) => {
    for (const [, spec = ''] of code.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
      const target = posix.join(posix.dirname(file), spec);
      const found = [target, `${target}.ts`].find((name) => site[name] !== undefined);
      if (found && wanted[found] === undefined) {
        wanted[found] = site[found] ?? '';
        visit(found, wanted[found]);
      }
    }
  };
  for (const sample of samples) if (sample.file) visit(sample.file, sample.code);
  return wanted;
}

async function pagesOf(section: string): Promise<string[]> {
  const names = await readdir(join(DOCS_PAGES, section));
  return names.filter((name) => /\.mdx?$/.test(name)).map((name) => `${section}/${name}`);
}

describe("the guides' code samples", { timeout: 240_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  let site: AstroSite;
  let samples: Sample[];
  beforeAll(async () => {
    server = await startMock();
    const pages = (await Promise.all(SECTIONS.map(pagesOf))).flat();
    samples = (await Promise.all(pages.map(pageSamples))).flat();
    site = await AstroSite.copy(new URL('./fixtures/guides', import.meta.url));
    // A page on the docs' path finds the site as it leaves it (its samples written over it, so
    // that a variant imports what the page adds); any other page (a reference, another starting
    // point) finds the quickstart's layout.
    const path = await pagesInOrder();
    const after = new Map<string, Record<string, string>>();
    for (const [at, page] of path.entries())
      after.set(page, compiled((await docSite(path.slice(0, at + 1))).files));
    const layout = compiled((await docSite(path.slice(0, 1))).files, 'src/layouts/');
    // Only what the page's samples import: every folder checked once is time in astro check.
    await writeSamples(site.root, samples, (page) =>
      importedBy(
        samples.filter((s) => s.page === page),
        after.get(page) ?? layout,
      ),
    );
  });
  afterAll(async () => {
    await server?.close();
    await site?.dispose();
  });

  it('names the file of every TypeScript, JavaScript and Astro sample', () => {
    const unnamed = samples.filter((s) => s.checked && !s.file).map((s) => s.where);
    expect(unnamed, 'give each sample a title="path/of/the/file"').toEqual([]);
    // Not vacuous: the guides do have samples to check.
    expect(samples.filter((s) => s.checked).length).toBeGreaterThan(10);
  });

  it('type-checks every sample with astro check, in a site with the packages installed', async () => {
    const check = await site.run('check', site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY }));
    expect(check.code, check.output).toBe(0);
    expect(check.output).toMatch(/- 0 errors/);
    // Every sample was among the files checked (the site's own three besides).
    const checkedFiles = Number(/Result \((\d+) files?\)/.exec(check.output)?.[1]);
    const written = samples.filter((s) => s.checked && s.file).length;
    expect(checkedFiles).toBeGreaterThanOrEqual(written);
  });
});
