import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiAndBrowser } from './api-and-browser.js';
import { dataset, visibleBlogs } from './dataset.js';
import { buildPlayground, buildsDir, filesContaining, servePlayground } from './site.js';

// The playground's search page reads every article in the browser through contentRead()'s backend
// proxy. Built once on the real mock server with a canary key; the key must stay on the server.

const CANARY = 'canary-Br0wser-never-here';
const QUERY = 'design';
const expectedTitles = dataset.articles
  .filter((a) => a.public && visibleBlogs.some((b) => b.id === a.blog_id))
  .filter((a) => [a.title, a.excerpt ?? '', ...a.tags].join(' ').toLowerCase().includes(QUERY))
  .map((a) => a.title)
  .sort();

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
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  /** Serves the build with this key, searches, and returns the page and every request it made. */
  async function search(key: string) {
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
    await page.getByLabel('Words to look for').fill(QUERY);
    await page.getByRole('button', { name: 'Search' }).click();
    return { page, seen, stop: () => Promise.all([page.close(), site.stop()]) };
  }

  it('finds the matching articles, fresh from the API, and links to them', async () => {
    const { page, seen, stop } = await search(CANARY);
    try {
      await page.getByRole('status').filter({ hasText: 'match' }).waitFor();
      const titles = await page.locator('#search-results a').allTextContents();
      expect(expectedTitles.length).toBeGreaterThan(0);
      expect(titles.toSorted()).toEqual(expectedTitles);
      expect(seen.some((r) => new URL(r.url).pathname === '/api/content/articles')).toBe(true);
      await page.locator('#search-results a').first().click();
      await page.waitForURL('**/blogs/**');
      expect(await page.locator('h1').textContent()).toBe(titles[0]);
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

  it("shows a readable message when the API rejects the server's key", async () => {
    const { page, stop } = await search('demo-revoked-key');
    try {
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        "The search could not be done: The content API rejected this server's key. The site's owner must update CONTENT_API_KEY on the server.",
      );
      expect(await page.locator('#search-results li').count()).toBe(0);
    } finally {
      await stop();
    }
  });
});
