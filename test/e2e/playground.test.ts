import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { ArticleRecord } from '@content-read/mock-server';
import type { Page } from 'playwright-core';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser.js';
import { useApiAndBrowser } from './api-and-browser.js';
import { axeViolations } from './axe.js';
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
// Articles for the feed, head and accessibility checks, none of which the tests below change.
const withCode = engineeringArticles.find((a) => a !== chosen && a.html.includes('<pre><code'));
const illustratedCover = engineeringArticles.find((a) => a !== chosen && a.feature_image);
const uncovered = visibleBlogs
  .flatMap((blog) => publicArticles(blog.id))
  .find((a) => a.feature_image === null);
if (!withCode || !illustratedCover || !uncovered)
  throw new Error(
    'The built-in dataset lacks an article with code, or one with and without a cover.',
  );
/** A tag's URL segment, as the playground makes it (src/lib/content.ts). */
const tagSlug = (tag: string) =>
  tag
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '') || 'tag';
/** The site's address the build is given (astro.config.ts `site`, from PLAYGROUND_SITE). */
const SITE = 'https://playground.example/';
const blogSlugOf = new Map(visibleBlogs.map((b) => [b.id, b.slug]));
/** An article's built page, on the site's address. */
const pageOf = (a: ArticleRecord) => `${SITE}blogs/${blogSlugOf.get(a.blog_id)}/${a.slug}/`;
const visibleArticles = visibleBlogs
  .flatMap((blog) => publicArticles(blog.id))
  .sort((a, b) => b.published_at.localeCompare(a.published_at));

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
  /** What `astro build` printed. */
  let buildOutput = '';

  beforeAll(async () => {
    const env = { CONTENT_API_URL: rig.api.baseUrl, CONTENT_API_KEY: fullKey };
    // Inside the repository: the built server imports its dependencies from node_modules.
    await mkdir(buildsDir, { recursive: true });
    outDir = await mkdtemp(join(buildsDir, 'playground-'));
    buildOutput = await buildPlayground(outDir, { ...env, PLAYGROUND_SITE: SITE });
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

  it('points links between articles at their pages here, and its build warns of the one to a private article', async () => {
    const bySlug = new Map(dataset.articles.map((a) => [a.slug, a]));
    const article = (slug: string) => {
      const found = bySlug.get(slug);
      if (!found) throw new Error(`The built-in dataset has no article ${slug}.`);
      return found;
    };
    const pathOf = (a: ArticleRecord) => `/blogs/${blogSlugOf.get(a.blog_id)}/${a.slug}/`;
    /** The hrefs of a page's body that the demo's related-reading paragraph holds. */
    const bodyLinks = async (path: string) => {
      const response = await rig.page.goto(new URL(path, site.url).href);
      expect(response?.status(), path).toBe(200);
      const paragraph = rig.page.locator('.prose p', { hasText: /^(Related|Conditional)/ });
      return Promise.all(
        (await paragraph.locator('a').all()).map(async (a) => (await a.getAttribute('href')) ?? ''),
      );
    };
    const linking = article('pagination-without-surprises');
    const guide = article('a-practical-guide-to-conditional-requests');
    const draft = article('how-we-cut-our-build-times-in-half');
    expect(draft.public).toBe(false);

    // The API writes them as a CMS does (canonical URL with a fragment, the blog's URL and a dated
    // path, a path relative to the blog); the built page links the site's own pages.
    const related = [
      `${pathOf(guide)}#user-content-details-that-mattered`,
      pathOf(article('what-we-learned-running-postgres-on-small-machines')),
      pathOf(article('observability-on-a-budget')),
    ];
    expect(await bodyLinks(pathOf(linking))).toEqual(related);
    // Another blog's article too; the private one is kept as the CMS wrote it.
    expect(await bodyLinks(pathOf(guide))).toEqual([
      pathOf(article('designing-for-slow-networks')),
      draft.canonical_url,
    ]);
    for (const href of [...related, pathOf(article('designing-for-slow-networks'))])
      expect((await fetch(new URL(href, site.url))).status, href).toBe(200);

    // Followed in the browser: the page it names, scrolled to the heading its fragment names.
    await rig.page.goto(new URL(pathOf(linking), site.url).href);
    await rig.page.getByRole('link', { name: 'conditional requests', exact: true }).click();
    await rig.page.waitForURL(`**${related[0]}`);
    expect(await rig.page.locator('h1').textContent()).toBe(guide.title);
    const heading = rig.page.locator('.prose #user-content-details-that-mattered');
    expect(await heading.textContent()).toBe('Details that mattered');
    await expect.poll(() => heading.isVisible()).toBe(true);
    const box = await heading.boundingBox();
    expect(box && box.y >= 0 && box.y < 900).toBe(true);

    // The build said which link names no article the site publishes, and why.
    // Astro colours its log where CI is set: read it as text.
    const log = stripVTControlCharacters(buildOutput);
    expect(log).toContain(
      `articles: article ${guide.id} links to no article the site publishes: ${draft.canonical_url} (no article the key reads: not public, or not written). Fix them in the CMS, or set brokenLinks: "unlink" to keep only their text.`,
    );
    expect(log).toContain('articles: 1 broken link in 1 article.');

    // The live route's loader is given the same articleUrl: its pages link the same pages.
    expect(await bodyLinks(`/live/${linking.id}/`)).toEqual(related);
  });

  describe('feeds, sitemap, head metadata and accessibility', () => {
    interface FeedItem {
      'content:encoded'?: string;
      creators?: string[];
    }
    // An independent, strict reader (xml2js on sax): a document that is not well formed fails.
    const reader = new Parser<Record<string, unknown>, FeedItem>({
      customFields: { item: [['dc:creator', 'creators', { keepArray: true }]] },
    });
    const RFC_822 =
      /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
    const absolute = (url: string | undefined) => {
      try {
        return /^https?:$/.test(new URL(url ?? '').protocol);
      } catch {
        return false;
      }
    };
    /** A built file, fetched from the served site by its path on the site's address. */
    const served = (url: string) => fetch(new URL(new URL(url, SITE).pathname, site.url));

    /** A feed as served, read and checked against RSS 2.0's rules. */
    async function readFeed(path: string) {
      const response = await served(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/xml/);
      const xml = await response.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><rss version="2.0"/);
      const feed = await reader.parseString(xml);
      expect(feed.title).toBeTruthy();
      expect(feed.description).toBeTruthy();
      expect(absolute(feed.link)).toBe(true);
      expect(feed.items.length).toBeGreaterThan(0);
      for (const item of feed.items) {
        expect(item.title).toBeTruthy();
        expect(absolute(item.link)).toBe(true);
        expect(item.guid).toBe(item.link);
        expect(item.pubDate).toMatch(RFC_822);
        const html = item['content:encoded'] ?? '';
        expect(html.length).toBeGreaterThan(100);
        const urls = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
        expect(urls.filter((url) => !absolute(url))).toEqual([]);
        // No script, style or handler; the only classes name a code block's language.
        expect(html).not.toMatch(/<script|\sstyle=|\son\w+=/i);
        for (const [, name] of html.matchAll(/\sclass="([^"]*)"/g))
          expect(name).toMatch(/^language-[\w-]+$/);
      }
      expect(new Set(feed.items.map((item) => item.guid)).size).toBe(feed.items.length);
      return feed;
    }

    it('serves an RSS 2.0 feed of every blog, with full bodies and absolute URLs', async () => {
      const feed = await readFeed('/rss.xml');
      expect(feed.title).toBe('Content Read Playground');
      expect(feed.link).toBe(SITE);
      const expected = visibleArticles.slice(0, 50);
      expect(feed.items.map((item) => item.link)).toEqual(expected.map(pageOf));
      expect(feed.items.map((item) => item.title)).toEqual(expected.map((a) => a.title));
      expect(feed.items.map((item) => item.pubDate)).toEqual(
        expected.map((a) => new Date(a.published_at).toUTCString()),
      );
      const item = feed.items.find((i) => i.link === pageOf(withCode));
      expect(item?.creators).toEqual(withCode.authors.map((a) => a.name));
      expect(item?.['content:encoded']).toContain(firstParagraph(withCode.html));
      expect(item?.['content:encoded']).toMatch(/<pre><code class="language-\w+">/);
    });

    it("serves each blog's own feed, with that blog's articles only", async () => {
      for (const blog of visibleBlogs) {
        const feed = await readFeed(`/blogs/${blog.slug}/rss.xml`);
        expect(feed.title).toBe(blog.name);
        expect(feed.link).toBe(`${SITE}blogs/${blog.slug}/`);
        expect(feed.items.map((item) => item.link)).toEqual(
          publicArticles(blog.id).slice(0, 50).map(pageOf),
        );
      }
    });

    it('advertises the feeds in every page’s head: all blogs everywhere, a blog’s own on its pages', async () => {
      const feedsOf = async (path: string) => {
        await rig.page.goto(new URL(path, site.url).href);
        const links = rig.page.locator('head link[rel="alternate"][type="application/rss+xml"]');
        const found: string[] = [];
        for (const link of await links.all()) {
          const href = (await link.getAttribute('href')) ?? '';
          expect(await link.getAttribute('title')).toBeTruthy();
          expect((await served(href)).status).toBe(200);
          found.push(href);
        }
        return found;
      };
      const own = `/blogs/${engineering.slug}/rss.xml`;
      expect(await feedsOf('/')).toEqual(['/rss.xml']);
      expect(await feedsOf('/tags/')).toEqual(['/rss.xml']);
      expect(await feedsOf(`/blogs/${engineering.slug}/`)).toEqual(['/rss.xml', own]);
      expect(await feedsOf(new URL(pageOf(withCode)).pathname)).toEqual(['/rss.xml', own]);
      expect(await feedsOf(`/live/${withCode.id}/`)).toEqual(['/rss.xml', own]);
    });

    it('lists the built pages in a sitemap, each article with its updatedAt as lastmod', async () => {
      const index = await (await served('/sitemap-index.xml')).text();
      const sitemaps = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(sitemaps).toEqual([`${SITE}sitemap-0.xml`]);
      const xml = await (await served(`${SITE}sitemap-0.xml`)).text();
      const urls = new Map(
        [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => [
          /<loc>([^<]+)<\/loc>/.exec(m[1] ?? '')?.[1],
          /<lastmod>([^<]+)<\/lastmod>/.exec(m[1] ?? '')?.[1],
        ]),
      );
      for (const article of visibleArticles)
        expect(urls.get(pageOf(article)), pageOf(article)).toBe(
          new Date(article.updated_at).toISOString(),
        );
      for (const page of ['', 'tags/', 'search/', `blogs/${engineering.slug}/`])
        expect(urls.has(`${SITE}${page}`), page).toBe(true);
      // Built pages only: no feed, no on-demand route.
      expect([...urls.keys()].filter((url) => !url?.endsWith('/'))).toEqual([]);
      expect([...urls.keys()].filter((url) => url?.includes('/live/'))).toEqual([]);
      expect(urls.size).toBe(new Set(urls.keys()).size);
    });

    /** The head metadata of an article's page: canonical, Open Graph, Twitter card, JSON-LD. */
    async function headOf(url: string) {
      await rig.page.goto(url);
      const head = rig.page.locator('head');
      const meta = async (key: string) => {
        const tags = head.locator(`meta[property="${key}"], meta[name="${key}"]`);
        return Promise.all((await tags.all()).map((tag) => tag.getAttribute('content')));
      };
      const scripts = head.locator('script[type="application/ld+json"]');
      expect(await scripts.count()).toBe(1);
      const keys = [
        'og:type',
        'og:title',
        'og:description',
        'og:url',
        'og:image',
        'og:image:width',
        'og:image:height',
        'og:image:alt',
        'article:published_time',
        'article:modified_time',
        'article:author',
        'article:tag',
        'twitter:card',
        'twitter:image',
      ];
      return {
        canonical: await head.locator('link[rel="canonical"]').getAttribute('href'),
        meta: Object.fromEntries(await Promise.all(keys.map(async (k) => [k, await meta(k)]))),
        ld: JSON.parse((await scripts.textContent()) ?? '') as Record<string, unknown>,
      };
    }

    it("describes each article in its page's head: canonical link, Open Graph, Twitter card and JSON-LD", async () => {
      const a = illustratedCover;
      if (!a.feature_image) throw new Error('unreachable');
      // The dataset's placeholder origin is the mock's own once served.
      const image = {
        ...a.feature_image,
        url: new URL(new URL(a.feature_image.url).pathname, rig.api.baseUrl).href,
      };
      for (const url of [pageOf(a), `${site.url}live/${a.id}/`]) {
        const { canonical, meta, ld } = await headOf(url.replace(SITE, site.url));
        // The API gives every demo article a canonical URL: the page names it.
        expect(canonical).toBe(a.canonical_url);
        expect(meta).toEqual({
          'og:type': ['article'],
          'og:title': [a.title],
          'og:description': [a.excerpt],
          'og:url': [a.canonical_url],
          'og:image': [image.url],
          'og:image:width': [String(image.width)],
          'og:image:height': [String(image.height)],
          'og:image:alt': [image.alt],
          'article:published_time': [new Date(a.published_at).toISOString()],
          'article:modified_time': [new Date(a.updated_at).toISOString()],
          'article:author': a.authors.map((author) => author.name),
          'article:tag': a.tags,
          'twitter:card': ['summary_large_image'],
          'twitter:image': [image.url],
        });
        const cover = await fetch(image.url);
        expect(cover.status).toBe(200);
        expect(cover.headers.get('content-type')).toMatch(/^image\//);
        expect(ld).toMatchObject({
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: a.title,
          description: a.excerpt,
          datePublished: new Date(a.published_at).toISOString(),
          dateModified: new Date(a.updated_at).toISOString(),
          author: a.authors.map((author) => ({ '@type': 'Person', name: author.name })),
          image: { url: image.url, width: image.width, height: image.height },
          mainEntityOfPage: { '@type': 'WebPage', '@id': a.canonical_url },
          publisher: { '@type': 'Organization', name: engineering.name },
        });
      }

      // Without a cover: a summary card, and no image anywhere in the head.
      const { meta, ld } = await headOf(pageOf(uncovered).replace(SITE, site.url));
      expect(meta['twitter:card']).toEqual(['summary']);
      expect(meta['og:image']).toEqual([]);
      expect(meta['twitter:image']).toEqual([]);
      expect(ld.image).toBeUndefined();
    });

    it('gives every other page a canonical link to itself on the site’s address', async () => {
      for (const path of ['', 'tags/', 'search/', `blogs/${engineering.slug}/`, 'live/']) {
        await rig.page.goto(`${site.url}${path}`);
        expect(await rig.page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(
          `${SITE}${path}`,
        );
        expect(await rig.page.locator('head link[rel="canonical"]').count()).toBe(1);
      }
    });

    it('keeps JSON-LD inside its script element whatever the title holds', async () => {
      const hostile = uncovered;
      const title = 'Ends </script><script>window.__pwned = 1</script><!-- here';
      rig.mock.updateArticle(hostile.id, { title });
      try {
        await rig.page.goto(`${site.url}live/${hostile.id}/`);
        expect(await rig.page.evaluate('window.__pwned')).toBeUndefined();
        const ld = rig.page.locator('head script[type="application/ld+json"]');
        expect(JSON.parse((await ld.textContent()) ?? '')).toMatchObject({ headline: title });
        // The markup as written: every `<` of the JSON escaped.
        expect(await ld.innerHTML()).not.toContain('<');
      } finally {
        rig.mock.updateArticle(hostile.id, { title: hostile.title });
      }
    });

    it('passes axe-core’s WCAG 2.2 AA rules on eight pages, in light and dark colour schemes', async () => {
      const tag = withCode.tags[0] ?? '';
      const pages: { path: string; prepare?: (page: Page) => Promise<void> }[] = [
        { path: '' },
        { path: `blogs/${engineering.slug}/` },
        {
          path: new URL(pageOf(withCode)).pathname.slice(1),
          prepare: async (page) => {
            // The article's code blocks carry their language label (the contrast the issue found).
            expect(await page.locator('.prose .code-block figcaption').count()).toBeGreaterThan(0);
          },
        },
        { path: 'tags/' },
        { path: `tags/${encodeURIComponent(tagSlug(tag))}/` },
        {
          path: 'search/',
          prepare: async (page) => {
            await page.getByLabel('Words to look for').fill(withCode.title.split(' ')[0] ?? '');
            await page.getByRole('button', { name: 'Search' }).click();
            await page.getByRole('status').filter({ hasText: 'match' }).waitFor();
            expect(await page.locator('#search-results a').count()).toBeGreaterThan(0);
          },
        },
        { path: 'live/' },
        { path: `live/${withCode.id}/` },
      ];
      const found: Record<string, unknown> = {};
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await rig.browser.newPage({
          viewport: { width: 1280, height: 900 },
          colorScheme,
        });
        try {
          for (const { path, prepare } of pages) {
            const response = await page.goto(`${site.url}${path}`);
            expect(response?.status(), path).toBe(200);
            await prepare?.(page);
            const violations = await axeViolations(page);
            if (violations.length > 0) found[`${colorScheme} /${path}`] = violations;
          }
        } finally {
          await page.close();
        }
      }
      expect(found).toEqual({});
    });
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
