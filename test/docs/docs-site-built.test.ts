/**
 * The site the docs build, followed as a reader would: the quickstart, then every guide in the
 * sidebar's order, each titled sample written as the file it names (see doc-site.ts). The site
 * must compose (no page drops what an earlier one wrote, every change marked), pass
 * `astro check`, build against the mock server's demo data, and work when served: every page
 * 200 and declaring its charset, body images through the image service, every feed item and
 * sitemap URL answering, the live pages, the proxy, and the CI guide's publish check passing.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, copyOfPackedSite } from '../publish/pack.js';
import { AstroSite, repoRoot } from '../support/astro-site.js';
import { launchChromium } from '../support/browser.js';
import { DOCS_PAGES, writeFiles } from '../support/doc-samples.js';
import {
  type DocSite,
  docSite,
  importedPackages,
  installedByPages,
  pagesInOrder,
} from '../support/doc-site.js';
import { type ListeningChild, startListening } from '../support/listening-child.js';
import { FULL_KEY, type StartedMock, startMock } from '../support/mock-server.js';

/** The secret the publish webhook and the CI guide's check share. */
const PUBLISH_SECRET = 'docs-site-publish-secret';

describe('the site the docs build, quickstart then every guide', { timeout: 300_000 }, () => {
  let doc: DocSite;
  let mock: StartedMock;
  let checked: AstroSite;
  /** The site as a reader has it: our packed packages and what the pages install. */
  let site: AstroSite;
  let imported: Set<string>;
  let installed: Set<string>;
  let server: ListeningChild | undefined;
  /** `npx content-read-mock`, as the quickstart runs it in a second terminal. */
  let terminal: ListeningChild | undefined;
  /** The port of the API the served site reads: the test's mock first, the publish check's then. */
  let apiPort: number;
  let origin = '';
  let check: Awaited<ReturnType<AstroSite['run']>>;

  beforeAll(async () => {
    const started = performance.now();
    doc = await docSite();
    mock = await startMock();
    // The images' host is the pages' placeholder; the demo's images are the mock's own.
    const host = new URL(mock.baseUrl).hostname;
    const files = Object.fromEntries(
      Object.entries(doc.files)
        // The test gives the variables itself: .env holds the pages' placeholders.
        .filter(([path]) => !path.startsWith('.env'))
        .map(([path, code]) => [path, code.replaceAll('images.example.com', host)]),
    );
    // What the pages install, at the workspace's versions, on our packed packages and astro.
    imported = importedPackages(doc.files);
    installed = await installedByPages(await pagesInOrder());
    const more = Object.fromEntries(
      [...imported]
        .filter((name) => installed.has(name) && !/^(astro|@content-read\/.*)$/.test(name))
        .map((name) => [name, workspaceVersion(name)]),
    );
    const env = (site: string) =>
      AstroSite.at(site).env({ baseUrl: mock.baseUrl, apiKey: FULL_KEY });
    const install = copyOfPackedSite(files, more);
    // `astro check` in a copy on the workspace's packages, while the installed site builds.
    checked = await AstroSite.copy(new URL('./fixtures/docs-site', import.meta.url));
    await writeFiles(checked.root, files);
    [check] = await Promise.all([
      checked.run('check', env(checked.root)),
      install.then(async (root) => {
        site = AstroSite.at(root);
        await site.mustBuild(env(root));
      }),
    ]);
    await mock.close();
    // The served site reads the API the quickstart's way: `npx content-read-mock` in a terminal
    // of its own, the `.env` its tip shows (on a free port rather than 4010, which another run
    // may hold). The publish check takes the port over once Ctrl+C has stopped it.
    const quickstart = await readFile(join(DOCS_PAGES, 'getting-started/quickstart.md'), 'utf8');
    expect(quickstart).toMatch(
      /then `npx content-read-mock` in a second\s+terminal \(Ctrl\+C there stops it\)/,
    );
    const dotenv = /```sh title="\.env" variant\n([\s\S]*?)```/.exec(quickstart)?.[1] ?? '';
    terminal = await startListening(
      'npx',
      ['content-read-mock', '--port', '0'],
      { cwd: site.root, env: cleanEnv(), group: true },
      /listening on (http:\/\/\S+)/,
    );
    apiPort = Number(new URL(terminal.url).port);
    const variables = Object.fromEntries(
      [...dotenv.matchAll(/^(\w+)=(.*)$/gm)].map(([, name = '', value = '']) => [
        name,
        value.replace(':4010/', `:${apiPort}/`),
      ]),
    );
    expect(Object.keys(variables)).toEqual(['CONTENT_API_URL', 'CONTENT_API_KEY']);
    server = await site.serve(
      site.env({}, undefined, { ...variables, CONTENT_PUBLISH_SECRET: PUBLISH_SECRET }),
    );
    origin = server.url;
    console.log(
      `the docs' site, installed from the packed packages, built and served: ${Math.round(performance.now() - started)} ms`,
    );
  });
  afterAll(async () => {
    await server?.stop();
    await terminal?.stop();
    await mock?.close();
    await checked?.dispose();
    if (site) await rm(site.root, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(new URL(path, origin));

  it('composes: each page shows a file whole as the pages before it leave it, its changes marked', () => {
    expect(doc.problems).toEqual([]);
    // Not vacuous: the guides do change files the quickstart made.
    expect(doc.history['astro.config.mjs']?.length).toBeGreaterThan(4);
    expect(doc.history['src/pages/articles/[id].astro']?.length).toBeGreaterThan(2);
  });

  it('installs every package its files import, as the pages say', () => {
    const missing = [...imported].filter((name) => !installed.has(name));
    expect(missing, 'a package the site imports that no page installs').toEqual([]);
  });

  it('has each guide say which files of the site it adds or changes', async () => {
    for (const page of (await pagesInOrder()).slice(1)) {
      const text = await readFile(join(DOCS_PAGES, page), 'utf8');
      const note = /:::note\[Files of the site\]\n([\s\S]*?):::/.exec(text)?.[1] ?? '';
      const named = new Set([...note.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
      const touched = Object.entries(doc.history)
        .filter(([, shown]) => shown.some((where) => where.startsWith(`${page}:`)))
        .map(([file]) => file);
      expect(
        touched.filter((file) => !named.has(file)),
        page,
      ).toEqual([]);
    }
  });

  it('passes astro check', () => {
    expect(check.code, check.output).toBe(0);
    expect(check.output).toMatch(/- 0 errors/);
  });

  it('serves every built page with 200 and its charset, the article pages with everything the guides add', async () => {
    const pages = Object.keys(await site.pages())
      .filter((path) => path.endsWith('index.html'))
      .map((path) => `/${path.replace(/^client\//, '').replace(/index\.html$/, '')}`);
    expect(pages).toContain('/articles/art_0007/');
    expect(pages).toContain('/search/');
    expect(pages).toContain('/blogs/blog_01/');
    const links = new Set<string>();
    for (const path of [...pages, '/live/', '/live/art_0007/']) {
      const answer = await get(path);
      const html = await answer.text();
      expect(answer.status, path).toBe(200);
      expect(html, path).toMatch(
        /^<!DOCTYPE html><html lang="en">\s*<head>\s*<meta charset="utf-8">/,
      );
      for (const [, href = ''] of html.matchAll(/<(?:a|link) [^>]*href="(\/[^"#]*)/g))
        links.add(href);
    }
    // Every link between the pages (and to their styles and feeds) resolves.
    expect(links.size).toBeGreaterThan(40);
    for (const link of links) expect((await get(link)).status, link).toBe(200);
    const article = await (await get('/articles/art_0007/')).text();
    expect(article).toContain('<h1>A Practical Guide to Conditional Requests</h1>');
    expect(article).toMatch(/<nav>\s*<ul><li><a href="#[^"]+">/);
    expect(article).toMatch(/<pre class="astro-code [^"]*"[^>]*data-language="css"/);
    // ArticleHead's metadata, in the layout's head.
    expect(article).toMatch(/<head>[\s\S]*<meta property="article:modified_time"[\s\S]*<\/head>/);
    // Every body image through the image service (the feature image is not in the body).
    const images = [...article.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(images.length).toBeGreaterThan(0);
    for (const src of images) expect(src).toMatch(/^\/_astro\//);
  });

  it('reads as UTF-8 in Chromium, on built and live pages alike', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      for (const path of ['/articles/art_0007/', '/live/art_0007/']) {
        await page.goto(new URL(path, origin).href);
        expect(await page.evaluate('document.characterSet'), path).toBe('UTF-8');
      }
      await page.goto(new URL('/articles/art_0007/', origin).href);
      // The blog's name, a middle dot and the date, as written: no "Â·".
      const byline = await page.locator('h1 + p').textContent();
      expect(byline).toMatch(/^Northwind Engineering \u00b7 \d+\/\d+\/\d{4}$/);
    } finally {
      await browser.close();
    }
  });

  it('links every feed item and sitemap URL to a page that answers 200, with lastmod on every article', async () => {
    const parser = new Parser();
    const feeds = ['/rss.xml', '/blogs/blog_01/rss.xml', '/live/rss.xml'];
    const links = new Set<string>();
    for (const path of feeds) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      const feed = await parser.parseString(await answer.text());
      expect(feed.items.length, path).toBeGreaterThan(0);
      for (const item of feed.items) links.add(item.link ?? '');
    }
    const sitemap = await readFile(join(site.root, 'dist/client/sitemap-0.xml'), 'utf8');
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    for (const url of urls) links.add(url);
    for (const link of links) {
      const { pathname } = new URL(link);
      expect(link.startsWith('https://www.example.com/'), link).toBe(true);
      expect((await get(pathname)).status, link).toBe(200);
    }
    const articles = urls.filter((url) => url.includes('/articles/'));
    expect(articles).toHaveLength(32);
    expect(sitemap.match(/<lastmod>/g)).toHaveLength(32);
  });

  it('serves the live pages, and the proxy without bodies', async () => {
    const list = await (await get('/live/')).text();
    expect(list).toContain('A Practical Guide to Conditional Requests');
    // The list is one blog's: Northwind Design's "A Type Scale for Long Reads" is not on it.
    expect(list).not.toContain('A Type Scale for Long Reads');
    const article = await get('/live/art_0007/');
    const html = await article.text();
    expect(article.status, html).toBe(200);
    expect(html).toContain('<meta charset="utf-8">');
    // Its CSS block, highlighted by the live-pages guide's liveHighlighter().
    expect(html).toMatch(/<pre class="astro-code github-dark"[^>]*data-language="css">/);
    expect((await get('/live/art_9999/')).status).toBe(404);

    const proxied = await get('/api/content/articles?per_page=2');
    const page = (await proxied.json()) as { data: Record<string, unknown>[] };
    expect(proxied.status).toBe(200);
    expect(page.data).toHaveLength(2);
    expect(Object.keys(page.data[0] ?? {}).sort()).toEqual(
      ['blog_id', 'excerpt', 'id', 'published_at', 'slug', 'tags', 'title'].sort(),
    );
  });

  it("passes the CI guide's publish check, run as written against the served site", async () => {
    const script = doc.files['scripts/check-publish.ts'] ?? '';
    expect(script).toContain("const site = 'http://127.0.0.1:4321';");
    expect(script).toContain('mock.listen({ port: 4010 })');
    // The check starts its own mock where the site reads the API, once Ctrl+C (SIGINT to the
    // terminal's process group) has stopped the quickstart's.
    expect(await terminal?.stop('SIGINT')).toMatch(/^(0|130|SIGINT)$/);
    const path = join(site.root, 'scripts/check-publish.ts');
    await writeFile(
      path,
      script
        .replace("'http://127.0.0.1:4321'", `'${origin}'`)
        .replace('port: 4010', `port: ${apiPort}`),
    );
    const run = await node([path], site.root, { CONTENT_PUBLISH_SECRET: PUBLISH_SECRET });
    expect(run.output).toContain('The edit is live.');
    expect(run.code, run.output).toBe(0);
  });
});

function node(args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
}

/** The version of `name` the workspace has installed. */
function workspaceVersion(name: string): string {
  const manifest = readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8');
  return (JSON.parse(manifest) as { version: string }).version;
}
