/**
 * What we publish works outside this workspace: `npm pack` the three packages, install the
 * tarballs and astro from the registry into a new Astro site under the OS temp folder (the
 * run's one install, see copyOfPackedSite()), start
 * the mock server from its installed bin, build the site against it and read the HTML; then
 * build it again with the mock started by the `@content-read/mock-server/astro` integration.
 */
import { access, lstat, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AstroSite } from '../support/astro-site.js';
import {
  CONTENT_CONFIG,
  cleanEnv,
  copyOfPackedSite,
  PACKAGES,
  run,
  type Started,
  startMockBin,
} from './pack.js';
import { PUBLIC_SURFACE } from './public-surface.js';

const KEY = 'demo-full-access-key';
let site = '';
let mock: Started | undefined;

const PAGE = `---
import { getCollection } from 'astro:content';
const blogs = await getCollection('blogs');
const articles = await getCollection('articles');
---
<html lang="en"><body>
  <h1>{blogs.length} blogs</h1>
  <ul>{articles.map((a) => <li>{a.data.title}</li>)}</ul>
</body></html>
`;

beforeAll(async () => {
  const started = Date.now();
  // The workspace's dist/ must be built (npm test builds first).
  site = await copyOfPackedSite({
    'src/content.config.ts': CONTENT_CONFIG,
    'src/pages/index.astro': PAGE,
  });
  console.log(`pack + install (or a copy of this run's): ${Date.now() - started} ms`);
  mock = await startMockBin(site);
}, 300_000);

afterAll(async () => {
  await mock?.stop();
  if (site) await rm(site, { recursive: true, force: true });
});

test('the tarballs hold built ESM, types and the bins, and no tests', async () => {
  for (const p of PACKAGES) {
    const dir = join(site, 'node_modules/@content-read', p);
    const files = await readdir(join(dir, 'dist'));
    expect(files, p).toContain('index.js');
    expect(files, p).toContain('index.d.ts');
    expect(await readdir(dir), p).not.toContain('test');
    // Extracted from the tarball, not a symlink into this workspace.
    expect((await lstat(dir)).isSymbolicLink(), p).toBe(false);
  }
  const core = JSON.parse(
    await readFile(join(site, 'node_modules/@content-read/core/package.json'), 'utf8'),
  );
  expect(core.exports['./openapi.json']).toBe('./openapi.json');
  // The bins are committed entry files that import the built CLI.
  await access(join(site, 'node_modules/@content-read/core/bin/content-read.js'));
  await access(join(site, 'node_modules/@content-read/mock-server/bin/content-read-mock.js'));
  const mockPkg = JSON.parse(
    await readFile(join(site, 'node_modules/@content-read/mock-server/package.json'), 'utf8'),
  );
  expect(mockPkg.exports['./astro']).toEqual({
    types: './dist/astro.d.ts',
    import: './dist/astro.js',
  });
  // The installed core is the tarball's, not a registry copy.
  expect(await readdir(join(site, 'node_modules/@content-read'))).toEqual([
    'astro-loader',
    'core',
    'mock-server',
  ]);
});

test('the installed entry points export exactly what the READMEs document', async () => {
  // Entry points that need an optional peer (msw) are held to the list by public-surface.test.ts.
  const entries = Object.entries(PUBLIC_SURFACE).filter(([, entry]) => !entry.optionalPeer);
  const script = `const names = ${JSON.stringify(entries.map(([name]) => name))};
    const out = {};
    for (const name of names) out[name] = Object.keys(await import(name)).sort();
    console.log(JSON.stringify(out));`;
  const { output } = await run(process.execPath, ['--input-type=module', '-e', script], site);
  const installed = JSON.parse(output.trim().split('\n').pop() ?? '{}');
  for (const [entry, { exports }] of entries) {
    expect(installed[entry], entry).toEqual([...exports].sort());
  }
});

test('the installed doctor bin passes against the installed mock server', async () => {
  const { output } = await run(
    join(site, 'node_modules/.bin/content-read'),
    ['doctor'],
    site,
    cleanEnv({ CONTENT_API_URL: mock?.baseUrl ?? '', CONTENT_API_KEY: KEY }),
  );
  expect(output).toContain('No problem found.');
});

test("the installed doctor --links finds the broken links with the site's installed loader", async () => {
  // It exits 1, as a broken link is a problem: run() throws with what the doctor printed.
  const listed = run(
    join(site, 'node_modules/.bin/content-read'),
    ['doctor', '--links', '--relative-to', 'blog'],
    site,
    cleanEnv({ CONTENT_API_URL: mock?.baseUrl ?? '', CONTENT_API_KEY: KEY }),
  );
  await expect(listed).rejects.toThrow(
    /exited 1:[\s\S]*\[FAIL\] Links +1 broken link in 1 of \d+ articles\n[\s\S]*art_0007 \(northwind-engineering\/a-practical-guide-to-conditional-requests\):\n +https:\/\/northwind\.engineering\.example\.com\/how-we-cut-our-build-times-in-half\/ \(/,
  );
});

test('astro build of the new site renders the real articles from the mock server', async () => {
  const started = Date.now();
  const api = { CONTENT_API_URL: mock?.baseUrl ?? '', CONTENT_API_KEY: KEY };
  await AstroSite.at(site).mustBuild(cleanEnv(api));
  console.log(`astro build: ${Date.now() - started} ms`);
  const html = await readFile(join(site, 'dist/index.html'), 'utf8');

  // What the API serves, asked independently of the packages under test.
  const res = await fetch(`${api.CONTENT_API_URL}/articles?per_page=500`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  const { data } = (await res.json()) as { data: { id: string; title: string }[] };
  expect(data.length).toBeGreaterThan(10);
  expect(html).toContain('<h1>3 blogs</h1>');
  const rendered = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => decode(m[1] ?? ''));
  expect(rendered.sort()).toEqual(data.map((a) => a.title).sort());
  expect(html).not.toContain(KEY);
});

test("Astro loads the installed loader as Node does, outside Vite's pipeline (its package.json's astro.external)", async () => {
  // Astro hands Vite every package that depends on astro, to transform each of its modules in
  // every sync, build and dev start; the loader opts out. Where a page uses <ArticleBody>, that
  // component (compiled wherever it is) and the module it imports still go through Vite; this
  // site has none. Vite's debug log names each module it loads.
  const api = { CONTENT_API_URL: mock?.baseUrl ?? '', CONTENT_API_KEY: KEY };
  const run = await AstroSite.at(site).run('sync', cleanEnv({ ...api, DEBUG: 'vite:load' }));
  expect(run.code, run.output).toBe(0);
  const loaded = stripVTControlCharacters(run.output)
    .split('\n')
    .filter((line) => line.includes('vite:load'));
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((line) => line.includes('@content-read/astro-loader/'))).toEqual([]);
});

test("the installed bin's --wait probe sees the running mock (the CI guide's recipe)", async () => {
  const bin = join(site, 'node_modules/.bin/content-read-mock');
  const { output } = await run(bin, ['--wait', mock?.baseUrl ?? '', '--wait-timeout', '10'], site);
  expect(output).toBe(`Content Read API ready at ${mock?.baseUrl}\n`);
});

test('mockContentApi() from @content-read/mock-server/astro starts the mock for astro build and stops it', async () => {
  const config = join(site, 'astro.config.mjs');
  await writeFile(
    config,
    `import { defineConfig } from 'astro/config';
import { mockContentApi } from '@content-read/mock-server/astro';

export default defineConfig({ integrations: [mockContentApi()] });
`,
  );
  try {
    // No CONTENT_API_* in this environment: the integration supplies both.
    const { output } = await AstroSite.at(site).mustBuild(cleanEnv());
    expect(output).toMatch(
      /Mock Content Read API \(built-in demo dataset\) at http:\/\/127\.0\.0\.1:\d+\/api\/v1/,
    );
    expect(output).toContain('Mock Content Read API stopped');
    const html = await readFile(join(site, 'dist/index.html'), 'utf8');
    expect(html).toContain('<h1>3 blogs</h1>');
    expect([...html.matchAll(/<li>/g)].length).toBeGreaterThan(10);
    expect(html).not.toContain(KEY);
  } finally {
    await rm(config);
  }
});

function decode(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x?[0-9a-f]+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return named[entity] ?? whole;
  });
}
