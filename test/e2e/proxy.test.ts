import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Page } from 'playwright-core';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesOf } from '../support/build-log.js';
import { useApiAndBrowser } from './api-and-browser.js';
import { dataset, visibleBlogs } from './dataset.js';
import { buildPlayground, buildsDir, filesContaining, servePlayground } from './site.js';

// The playground's search page: the Pagefind index built from the article pages, and the newest
// articles read as lean listings through contentRead()'s backend proxy, in the browser. Built once
// on the real mock server with a canary key; the key must stay on the server.

const CANARY = 'canary-Br0wser-never-here';
// A word of one article's title (art_0007, "A Practical Guide to Conditional Requests").
const QUERY = 'conditional';
const visible = dataset.articles.filter(
  (a) => a.public && visibleBlogs.some((b) => b.id === a.blog_id),
);
const titled = visible.filter((a) => a.title.toLowerCase().includes(QUERY));

interface Seen {
  url: string;
  headers: Record<string, string>;
}

describe('the search page reads through the backend proxy', () => {
  const rig = useApiAndBrowser({
    prepare: (mock) => mock.addKey({ id: 'key_browser_canary', team_id: 'team_web', key: CANARY }),
  });
  let outDir: string;

  beforeAll(async () => {
    await mkdir(buildsDir, { recursive: true });
    outDir = await mkdtemp(join(buildsDir, 'playground-proxy-'));
    await buildPlayground(outDir, { CONTENT_API_URL: rig.api.baseUrl, CONTENT_API_KEY: CANARY });
    await rig.ready;
  });

  afterAll(async () => {
    if (outDir)
      for (const dir of [outDir, `${outDir}.cache`])
        await rm(dir, { recursive: true, force: true });
  });

  /** Serves the build with this key, searches, and returns the page and every request it made. */
  async function search(key: string, query = QUERY) {
    const site = await servePlayground(outDir, {
      CONTENT_API_URL: rig.api.baseUrl,
      CONTENT_API_KEY: key,
    });
    const page: Page = await rig.browser.newPage();
    const seen: Seen[] = [];
    // allHeaders() (unlike headers()) includes Authorization and cookies. A request still in
    // flight when the browser closes, after the assertions, can no longer be read: not an error.
    page.on('request', (request) => {
      request.allHeaders().then(
        (headers) => seen.push({ url: request.url(), headers }),
        () => {},
      );
    });
    await page.goto(`${site.url}search/`);
    await page.getByLabel('Words to look for').fill(query);
    await page.getByRole('button', { name: 'Search' }).click();
    return { page, seen, stop: () => Promise.all([page.close(), site.stop()]) };
  }

  it('finds articles in the index built from their pages, downloading no article body, and links to them', async () => {
    const { page, seen, stop } = await search(CANARY);
    try {
      await page.getByRole('status').filter({ hasText: 'match' }).waitFor();
      const titles = await page.locator('#search-results a').allTextContents();
      expect(titled.length).toBeGreaterThan(0);
      for (const article of titled) expect(titles).toContain(article.title);
      // Built and unchanged since: each found once, at its built page (never its live page).
      const links = page.locator('#search-results a');
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.filter((href) => !href.startsWith('/blogs/'))).toEqual([]);
      expect(new Set(titles).size).toBe(titles.length);
      // From the static index, and from the proxy only lean listings (fields=, no bodies).
      const paths = seen.map((r) => new URL(r.url));
      expect(paths.some((u) => u.pathname === '/pagefind/pagefind.js')).toBe(true);
      const proxied = paths.filter((u) => u.pathname.startsWith('/api/content/'));
      expect(proxied.length).toBeGreaterThan(0);
      for (const url of proxied) expect(url.searchParams.get('fields'), url.href).toBeTruthy();
      await page.getByRole('link', { name: titled[0]?.title }).click();
      await page.waitForURL('**/blogs/**');
      expect(await page.locator('h1').textContent()).toBe(titled[0]?.title);
      // No request the page made carries an Authorization header or the key anywhere.
      expect(seen.length).toBeGreaterThan(2);
      for (const request of seen) {
        expect(Object.keys(request.headers).map((h) => h.toLowerCase())).not.toContain(
          'authorization',
        );
        expect(JSON.stringify(request)).not.toContain(CANARY);
      }
    } finally {
      await stop();
    }
  });

  it('finds an article published after the build, through the lean listing, linked to its live page', async () => {
    const model = visible[0];
    if (!model) throw new Error('the demo data has no visible article');
    const added = rig.mock.addArticle({
      ...model,
      id: 'art_9001',
      slug: 'zeppelins-over-the-harbour',
      title: 'Zeppelins over the harbour',
      excerpt: 'Published after the build.',
      published_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    const { page, stop } = await search(CANARY, 'zeppelins');
    try {
      await page.getByRole('status').filter({ hasText: 'match' }).waitFor();
      // Found once, first, at its live page. Pagefind answers a word it has not indexed with
      // the pages of the longest prefix it has (Pagefind/pagefind#315, #793), so the index may
      // add built pages after it: never a live page, never this one.
      const links = page.locator('#search-results a');
      const hits = await links.evaluateAll((as) =>
        as.map((a) => ({ title: a.textContent, href: a.getAttribute('href') ?? '' })),
      );
      expect(hits[0]).toEqual({ title: added.title, href: `/live/${added.id}/` });
      for (const hit of hits.slice(1)) {
        expect(hit.title).not.toBe(added.title);
        expect(hit.href).toMatch(/^\/blogs\//);
      }
      const link = links.first();
      await link.click();
      await page.waitForURL(`**/live/${added.id}/`);
      expect(await page.locator('h1').textContent()).toBe(added.title);
    } finally {
      await stop();
      rig.mock.deleteArticle(added.id);
    }
  });

  it('keeps its search index whole when an incremental rebuild restores the article pages', async () => {
    const entry = async () =>
      JSON.parse(await readFile(join(outDir, 'client/pagefind/pagefind-entry.json'), 'utf8')) as {
        languages: Record<string, { page_count: number; hash: string }>;
      };
    const before = await entry();
    const articlePages = visible.length;
    expect(before.languages.en?.page_count).toBe(articlePages);
    const output = await buildPlayground(outDir, {
      CONTENT_API_URL: rig.api.baseUrl,
      CONTENT_API_KEY: CANARY,
    });
    // Nothing changed: every article page was copied from the last build, not rendered.
    // Astro colours its log where CI is set: read it as text.
    const log = stripVTControlCharacters(output);
    expect(log.match(/\/blogs\/[^/ ]+\/[^/ ]+\/index\.html \(restored\)/g)).toHaveLength(
      articlePages,
    );
    expect(await entry()).toEqual(before);
  });

  it('a publish reaches the feeds at the next incremental build: its article is the newest item', async () => {
    const model = visible[0];
    if (!model) throw new Error('the demo data has no visible article');
    const added = rig.mock.addArticle({
      ...model,
      id: 'art_9002',
      slug: 'a-feed-of-our-own',
      title: 'A feed of our own',
      excerpt: 'Published between two builds.',
      published_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    const blog = visibleBlogs.find((b) => b.id === added.blog_id);
    const newest = async (path: string) =>
      (await new Parser().parseString(await readFile(join(outDir, 'client', path), 'utf8')))
        .items[0];
    try {
      expect((await newest('rss.xml'))?.title).not.toBe(added.title);
      const output = await buildPlayground(outDir, {
        CONTENT_API_URL: rig.api.baseUrl,
        CONTENT_API_KEY: CANARY,
      });
      // The new article's page is rendered, and of the others only the one that now links to
      // it as its neighbour in the blog; the rest are restored.
      const { rendered, reused } = pagesOf(output);
      const articlePage = /^blogs\/[^/]+\/[^/]+\/$/;
      const renderedArticles = rendered.filter((page) => articlePage.test(page));
      expect(renderedArticles).toContain(`blogs/${blog?.slug}/${added.slug}/`);
      expect(renderedArticles.length).toBeLessThanOrEqual(2);
      for (const page of renderedArticles) expect(page).toMatch(`blogs/${blog?.slug}/`);
      expect(reused.filter((page) => articlePage.test(page)).length).toBe(
        visible.length + 1 - renderedArticles.length,
      );
      for (const path of ['rss.xml', `blogs/${blog?.slug}/rss.xml`]) {
        const item = await newest(path);
        expect(item?.title, path).toBe(added.title);
        expect(item?.link, path).toMatch(new RegExp(`/${added.slug}/$`));
      }
    } finally {
      rig.mock.deleteArticle(added.id);
    }
  });

  it('keeps the key out of every built file, client and server', async () => {
    expect(await filesContaining(outDir, CANARY)).toEqual([]);
  });

  it("the live list uses Astro's route cache with the live loader's cacheHint", async () => {
    const site = await servePlayground(outDir, {
      CONTENT_API_URL: rig.api.baseUrl,
      CONTENT_API_KEY: CANARY,
    });
    const page = await rig.browser.newPage();
    try {
      await page.goto(`${site.url}live/`);
      const first = await page.locator('.rendered-at').textContent();
      const tags = (await page.locator('.cache-tags').getAttribute('data-tags'))?.split(' ');
      expect(tags?.slice(0, 2)).toEqual(['content-read', 'articles']);
      expect(tags).toContain('blog:blog_01');
      expect(tags?.filter((t) => t.startsWith('article:')).length).toBeGreaterThan(10);
      await page.reload();
      // Served from the cache: the same render, not a new one.
      expect(await page.locator('.rendered-at').textContent()).toBe(first);
    } finally {
      await page.close();
      await site.stop();
    }
  });

  it("still shows what the index found when the API rejects the server's key, and says what could not be searched", async () => {
    const { page, stop } = await search('demo-revoked-key');
    try {
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        "Not everything could be searched: articles published since this site was built could not be searched: The content API rejected this server's key. The site's owner must update CONTENT_API_KEY on the server.",
      );
      await page.getByRole('status').filter({ hasText: 'match' }).waitFor();
      const titles = await page.locator('#search-results a').allTextContents();
      for (const article of titled) expect(titles).toContain(article.title);
    } finally {
      await stop();
    }
  });
});
