import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser.js';
import { useApiAndBrowser } from './api-and-browser.js';
import {
  dataset,
  firstParagraph,
  fullKey,
  headingsOf,
  publicArticles,
  textOf,
  visibleBlogs,
} from './dataset.js';
import {
  buildPlayground,
  buildsDir,
  filesContaining,
  type ServedPlayground,
  servePlayground,
} from './site.js';

// The playground built once on a real mock server and served as `npm run demo` serves it; a
// reader's path through it in headless Chromium, then the live route reading the API per request.

const engineering = visibleBlogs.find((b) => b.slug === 'northwind-engineering');
if (!engineering) throw new Error('The built-in dataset has no northwind-engineering blog.');
const engineeringArticles = publicArticles(engineering.id);
// An article in the middle of its blog (so it has both neighbours) with subsections.
const chosenIndex = engineeringArticles.findIndex(
  (a, i) =>
    i > 0 && i < engineeringArticles.length - 1 && headingsOf(a.html).some((h) => h.depth === 3),
);
const chosen = engineeringArticles[chosenIndex];
const PUBLISH_SECRET = 'canary-playground-publish-secret';
if (!chosen) throw new Error('No engineering article with a subsection and two neighbours.');

/** A full-page screenshot once lazy images have loaded or failed (the browser reaches loopback only). */
async function screenshot(page: Page, path: string) {
  await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
  await page.waitForFunction('Array.from(document.images).every((image) => image.complete)');
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path, fullPage: true });
}

describe('the playground in a browser', () => {
  const rig = useApiAndBrowser({ page: { viewport: { width: 1280, height: 900 } } });
  let outDir: string;
  let site: ServedPlayground;

  beforeAll(async () => {
    const env = { CONTENT_API_URL: rig.api.baseUrl, CONTENT_API_KEY: fullKey };
    // Inside the repository: the built server imports its dependencies from node_modules.
    await mkdir(buildsDir, { recursive: true });
    outDir = await mkdtemp(join(buildsDir, 'playground-'));
    await buildPlayground(outDir, env);
    site = await servePlayground(outDir, { ...env, CONTENT_PUBLISH_SECRET: PUBLISH_SECRET });
    await rig.ready;
  });

  afterAll(async () => {
    await site?.stop();
    if (outDir)
      for (const dir of [outDir, `${outDir}.cache`])
        await rm(dir, { recursive: true, force: true });
  });

  it('keeps the API key out of everything it built', async () => {
    expect(await filesContaining(outDir, fullKey)).toEqual([]);
  });

  it('lists the blogs the key can read on the home page, and only those', async () => {
    await rig.page.goto(site.url);
    const names = await rig.page
      .locator('#blogs-heading + .card-grid .card__title')
      .allTextContents();
    expect(names.map((n) => n.trim()).sort()).toEqual(visibleBlogs.map((b) => b.name).sort());
    const hidden = dataset.blogs.filter((b) => !visibleBlogs.includes(b)).map((b) => b.name);
    expect(hidden.length).toBeGreaterThan(0);
    const body = await rig.page.locator('body').textContent();
    for (const name of hidden) expect(body).not.toContain(name);
  });

  it('goes home → blog → article, with the body, byline, table of contents and neighbours', async () => {
    await rig.page.goto(site.url);
    await rig.page.getByRole('link', { name: engineering.name, exact: true }).click();
    await rig.page.waitForURL(`**/blogs/${engineering.slug}/`);
    expect(await rig.page.locator('h1').textContent()).toBe(engineering.name);
    const titles = await rig.page.locator('.card__title').allTextContents();
    expect(titles.map((t) => t.trim())).toEqual(engineeringArticles.map((a) => a.title));

    await rig.page.getByRole('link', { name: chosen.title, exact: true }).click();
    await rig.page.waitForURL(`**/blogs/${engineering.slug}/${chosen.slug}/`);
    expect(await rig.page.locator('h1').textContent()).toBe(chosen.title);
    expect(await rig.page.title()).toContain(chosen.title);
    const prose = textOf((await rig.page.locator('.prose').innerHTML()) ?? '');
    expect(prose).toContain(firstParagraph(chosen.html));
    const byline = await rig.page.locator('.article-head .meta').first().textContent();
    for (const author of chosen.authors) expect(byline).toContain(author.name);
    expect(await rig.page.locator('.article-head time').first().getAttribute('datetime')).toBe(
      new Date(chosen.published_at).toISOString(),
    );

    // The table of contents lists the body's h2/h3 headings, and each link lands on its heading.
    const toc = rig.page.getByRole('navigation', { name: 'On this page' });
    const entries = toc.getByRole('link');
    expect((await entries.allTextContents()).map((t) => t.trim())).toEqual(
      headingsOf(chosen.html).map((h) => h.text),
    );
    const last = entries.last();
    const target = (await last.getAttribute('href')) ?? '';
    expect(target).toMatch(/^#.+/);
    await last.click();
    await rig.page.waitForURL(`**${target}`);
    const heading = rig.page.locator(`.prose ${target}`);
    expect(await heading.textContent()).toBe(await last.textContent());
    await expect.poll(() => heading.isVisible()).toBe(true);
    const box = await heading.boundingBox();
    expect(box && box.y >= 0 && box.y < 900).toBe(true);

    // Previous is the older neighbour in the blog, next the newer one.
    const older = engineeringArticles[chosenIndex + 1];
    const newer = engineeringArticles[chosenIndex - 1];
    expect(await rig.page.locator('a[rel="prev"] .title').textContent()).toBe(older?.title);
    expect(await rig.page.locator('a[rel="next"] .title').textContent()).toBe(newer?.title);

    // Screenshots as artifacts, at desktop and phone widths, with lazy images settled.
    const dir = await artifactsDir();
    await screenshot(rig.page, join(dir, 'article.png'));
    const phone = await rig.browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    await phone.goto(rig.page.url().replace(/#.*$/, ''));
    await screenshot(phone, join(dir, 'article-mobile.png'));
    await phone.close();
  });

  it('has a page per tag listing the articles that carry it', async () => {
    const tag = chosen.tags[0] ?? '';
    await rig.page
      .getByRole('link', { name: `#${tag}`, exact: true })
      .first()
      .click();
    await rig.page.waitForURL(`**/tags/**`);
    expect(await rig.page.locator('h1').textContent()).toBe(`#${tag}`);
    const tagged = dataset.articles.filter(
      (a) => a.public && a.tags.includes(tag) && visibleBlogs.some((b) => b.id === a.blog_id),
    );
    const titles = await rig.page.locator('.card__title').allTextContents();
    expect(titles.map((t) => t.trim()).sort()).toEqual(tagged.map((a) => a.title).sort());
  });

  it("shows the body's images through Astro's image service, on built and live pages, loaded from the mock", async () => {
    const illustrated = visibleBlogs
      .flatMap((blog) => publicArticles(blog.id).map((article) => ({ blog, article })))
      .find(({ article }) => article.html.includes('<figure><img'));
    if (!illustrated) throw new Error('No public article with a figure in the built-in dataset.');
    const { blog, article } = illustrated;
    const expected = (article.html.match(/<figure><img/g) ?? []).length;
    /** Each body image's src, once it has loaded 960 pixels wide (scrolled to: they are lazy). */
    const loadedImages = async (url: string) => {
      await rig.page.goto(url);
      const images = rig.page.locator('.prose figure img');
      expect(await images.count()).toBe(expected);
      const seen: string[] = [];
      for (const image of await images.all()) {
        await image.scrollIntoViewIfNeeded();
        expect(await image.getAttribute('loading')).toBe('lazy');
        expect(await image.getAttribute('height')).toBe('540');
        seen.push((await image.getAttribute('src')) ?? '');
      }
      const figures = "Array.from(document.querySelectorAll('.prose figure img'))";
      await rig.page.waitForFunction(`${figures}.every((img) => img.complete)`);
      expect(await rig.page.evaluate(`${figures}.map((img) => img.naturalWidth)`)).toEqual(
        seen.map(() => 960),
      );
      return seen;
    };
    // Built: optimised at build time into the site's own files.
    const built = await loadedImages(`${site.url}blogs/${blog.slug}/${article.slug}/`);
    for (const src of built) expect(src).toMatch(/^\/_astro\/960x540_[\w-]+\.webp$/);
    // Live: through the adapter's image endpoint, which fetches the mock's image on request.
    const live = await loadedImages(`${site.url}live/${article.id}/`);
    for (const src of live)
      expect(src).toMatch(
        /^\/_image\?href=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fimages%2F.+&w=960&h=540&f=webp$/,
      );
  });

  it('shows the embedded talk as a privacy-enhanced player, its caption kept', async () => {
    const talk = dataset.articles.find((a) => a.html.includes('<iframe'));
    const blog = visibleBlogs.find((b) => b.id === talk?.blog_id);
    if (!talk || !blog) throw new Error('The built-in dataset has no article with an embed.');
    await rig.page.goto(`${site.url}blogs/${blog.slug}/${talk.slug}/`);
    const player = rig.page.locator('.prose iframe[data-embed="youtube"]');
    expect(await player.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    );
    expect(await player.getAttribute('sandbox')).toContain('allow-scripts');
    expect(await rig.page.locator('.prose figure:has(iframe) figcaption').textContent()).toBe(
      `The talk behind “${talk.title}”`,
    );
  });

  it('renders the live route and searches through the proxy, both kept by the route cache until the API publishes a change', async () => {
    /** The titles the search page finds, and where they link. */
    const search = async (query: string) => {
      await rig.page.goto(`${site.url}search/`);
      await rig.page.getByLabel('Words to look for').fill(query);
      await rig.page.getByRole('button', { name: 'Search' }).click();
      await rig.page.getByRole('status').filter({ hasText: 'match' }).waitFor();
      const links = rig.page.locator('#search-results a');
      const titles = await links.allTextContents();
      return Promise.all(
        titles.map(async (t, i) => `${t} ${await links.nth(i).getAttribute('href')}`),
      );
    };
    const live = `${site.url}live/${chosen.id}/`;
    const first = await rig.page.goto(live);
    expect(first?.status()).toBe(200);
    expect(await rig.page.locator('h1').textContent()).toBe(chosen.title);
    // The proxy's newest articles, now in the route cache.
    expect(await search('rewritten')).toEqual([]);

    // Changed without a publish: the cached pages stay as they were.
    rig.mock.updateArticle(chosen.id, { title: 'Rewritten while the site was running' });
    await rig.page.goto(live);
    expect(await rig.page.locator('h1').textContent()).toBe(chosen.title);
    expect(await search('rewritten')).toEqual([]);

    // The mock tells the site's publish webhook, as npm run demo has it do: the next request shows it.
    rig.mock.publishTo({ url: `${site.url}_content-read/publish`, secret: PUBLISH_SECRET });
    rig.mock.updateArticle(chosen.id, {
      html: '<h2>A section added later</h2><p>These words were not there at build time.</p>',
    });
    await rig.mock.published();
    expect(await search('rewritten')).toEqual([
      `Rewritten while the site was running /live/${chosen.id}/`,
    ]);
    await rig.page.goto(live);
    expect(await rig.page.locator('h1').textContent()).toBe('Rewritten while the site was running');
    expect(await rig.page.locator('.prose').textContent()).toContain(
      'These words were not there at build time.',
    );
    const liveToc = rig.page.getByRole('navigation', { name: 'On this page' }).getByRole('link');
    expect((await liveToc.allTextContents()).map((t) => t.trim())).toEqual([
      'A section added later',
    ]);

    // The prerendered page still shows what was built.
    await rig.page.goto(`${site.url}blogs/${engineering.slug}/${chosen.slug}/`);
    expect(await rig.page.locator('h1').textContent()).toBe(chosen.title);

    // Unpublished in the API: the live route says so with a 404.
    rig.mock.updateArticle(chosen.id, { public: false });
    await rig.mock.published();
    const gone = await rig.page.goto(live);
    expect(gone?.status()).toBe(404);
    expect(await rig.page.locator('h1').textContent()).toBe('No such article');
  });
});
