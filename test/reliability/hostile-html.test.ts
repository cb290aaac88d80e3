import { join } from 'node:path';
import { createMockServer } from '@content-read/mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullKey, publicArticles, visibleBlogs } from '../e2e/dataset.js';
import { launchChromium } from '../support/browser.js';
import { ReliabilitySite } from './support/site.js';
import { serveStatic } from './support/static-server.js';
import { payloads, textPayloads } from './support/xss-corpus.js';

// Hostile HTML: article bodies (and text fields) full of XSS payloads go through the loader into a
// built site; every built page is opened in headless Chromium, its links and buttons clicked,
// its elements hovered and focused; no payload may run. A control page carrying the same payloads
// unsanitised proves that the detection works: there, many of them do run.

const articles = visibleBlogs.flatMap((b) => publicArticles(b.id));

/** Clicks, focuses and hovers everything a reader could, then lets timers and loads settle. */
async function interact(page: Page): Promise<void> {
  // A string: the test project has no DOM types; this runs in the page.
  await page.evaluate(`
    for (const el of document.querySelectorAll('body *')) {
      el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      el.focus?.();
      if (el.matches('a, button, input, summary, h1, h2, h3, x, div, form *')) el.click();
    }
  `);
  await page.waitForTimeout(300);
}

describe('hostile HTML in article bodies', () => {
  const mock = createMockServer();
  let close: () => Promise<void>;
  let site: ReliabilitySite;
  let served: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;
  const hits = new Map<string, number[]>();
  let currentUrl = '';

  beforeAll(async () => {
    // Payload i goes into article i % n; text payloads into titles, excerpts, tags and authors.
    articles.forEach((article, i) => {
      const mine = payloads.filter((_, p) => p % articles.length === i);
      const text = textPayloads[i % textPayloads.length] ?? '';
      mock.updateArticle(article.id, {
        html: `<h2>Section</h2><p>Body of ${article.id}.</p>${mine.join('\n')}`,
        title: `${article.title} ${text}`,
        excerpt: text,
        tags: [...article.tags, text],
        authors: [{ name: text, slug: `author-${i}` }],
      });
    });
    const running = await mock.listen({ port: 0, host: '127.0.0.1' });
    close = running.close;
    site = await ReliabilitySite.create();
    const [build, launched] = await Promise.all([
      site.run('build', site.env({ baseUrl: running.baseUrl, apiKey: fullKey })),
      launchChromium(),
    ]);
    browser = launched;
    expect(build.code, build.stdout + build.stderr).toBe(0);
    const control = `<!doctype html><html><body><article>${payloads.join('\n')}</article></body></html>`;
    served = await serveStatic(join(site.root, 'dist'), { '/control/': control });
  });

  afterAll(async () => {
    await browser?.close();
    await served?.close();
    await close?.();
    await site?.dispose();
  });

  async function visit(path: string): Promise<number[]> {
    const context = await browser.newContext();
    await context.exposeFunction('__xssHit', (n: number) => {
      hits.set(currentUrl, [...(hits.get(currentUrl) ?? []), n]);
    });
    const page = await context.newPage();
    currentUrl = path;
    hits.set(path, []);
    await page.goto(`${served.url}${path}`);
    await page.waitForTimeout(300);
    await interact(page).catch(() => {}); // a payload may have navigated the page away
    await context.close();
    return hits.get(path) ?? [];
  }

  it('the detection works: unsanitised, the payloads run', async () => {
    const ran = await visit('/control/');
    console.log(
      `hostile HTML: ${new Set(ran).size} of ${payloads.length} payloads ran on the unsanitised control page`,
    );
    expect(new Set(ran).size).toBeGreaterThanOrEqual(8);
  });

  it('no payload runs on any built page', async () => {
    const pages = ['/', ...articles.map((a) => `/articles/${a.id}/`)];
    const ran: Record<string, number[]> = {};
    for (const path of pages) {
      const got = await visit(path);
      if (got.length > 0) ran[path] = got;
    }
    expect(ran).toEqual({});
    // The pages were the real ones, carrying the (neutralised) payload text.
    const html = (await site.files('dist')).get(`articles/${articles[0]?.id}/index.html`) ?? '';
    expect(html).toContain(`Body of ${articles[0]?.id}.`);
    expect(html).toContain('&lt;script&gt;');
  });
});
