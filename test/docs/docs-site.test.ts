/**
 * The documentation site (docs/, Starlight) as the README's `npm run docs` builds and serves it:
 * the build passes the links validator (every internal link and anchor resolves), every page is
 * written with its search index, and in Chromium the getting-started page shows its code
 * highlighted and the site's own search finds pages by what they say. The README's command is
 * run here, once, rather than again by the README test (readme-commands.test.ts): on a fresh
 * clone, as `npm test` runs, it is the same command on the same files. Every page it writes is
 * also checked with axe-core against WCAG 2.2 AA, in the light theme, and in the dark one on a
 * page of each kind.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AstroSite, repoRoot } from '@content-read/test-support/astro-site';
import { launchChromium } from '@content-read/test-support/browser';
import { type ListeningChild, startListening } from '@content-read/test-support/listening-child';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_BROWSER_ARGS, axeInEveryPage, axeViolations } from '../e2e/axe.js';

const root = join(repoRoot, 'docs');
const site = AstroSite.at(root);
/** The pages written from the packages' types at each build (docs/scripts/reference-pages.ts). */
const GENERATED = [
  '/reference/options-astro-loader/',
  '/reference/options-core/',
  '/reference/options-mock-server/',
  '/reference/errors/',
  '/reference/cli/',
  '/reference/exports/',
];

/**
 * The pages checked whole (frame included) and in the dark theme too: one of each kind of
 * content the theme colours (the home page's hero and cards; asides, tables and code in a
 * guide; the generated tables; the performance page's figures and chart).
 */
const DARK_CHECKED = [
  '/',
  '/guides/proxy-and-search/',
  '/reference/options-astro-loader/',
  '/explanations/performance/',
];

/** Every page of src/content/docs after the build (the generated ones too), as its URL path. */
async function pages(): Promise<string[]> {
  const dir = join(root, 'src/content/docs');
  const files = await readdir(dir, { recursive: true });
  return files
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) =>
      `/${file.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}/`.replace('//', '/'),
    );
}

/** Every HTML page of the build (dist/), as the URL path the server answers it at. */
async function builtPages(): Promise<string[]> {
  const dist = join(root, 'dist');
  const files = await readdir(dist, { recursive: true });
  return files
    .filter((file) => file.endsWith('.html') && !file.startsWith('pagefind/'))
    .map((file) => `/${file.replace(/(^|\/)index\.html$/, '$1')}`)
    .sort();
}

let output = '';
let docs: ListeningChild | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  docs = await startListening(
    'npm',
    ['run', 'docs'],
    { cwd: repoRoot, env: site.env(), group: true },
    /Local\s+(http:\/\/\S+)/,
  );
  output = docs.output();
  browser = await launchChromium(undefined, AXE_BROWSER_ARGS);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await docs?.stop();
});

/**
 * Waits for Expressive Code's script to have made every code block that scrolls sideways
 * focusable (and no other): it does so from a ResizeObserver, 250 ms after the layout settles,
 * at the next idle time, which is after the page's load event.
 */
async function codeBlocksSettled(page: Page): Promise<void> {
  await page.waitForFunction(`[...document.querySelectorAll('.expressive-code pre')].every(
    (pre) => pre.scrollWidth > pre.clientWidth === pre.hasAttribute('tabindex'))`);
}

async function open(path: string): Promise<Page> {
  if (!browser || !docs) throw new Error('no browser or no docs server');
  const page = await browser.newPage();
  const response = await page.goto(new URL(path, docs.url).href);
  expect(response?.status(), path).toBe(200);
  return page;
}

describe('the documentation site', () => {
  it('builds with every internal link and anchor resolved, every page and its search index written', async () => {
    expect(output).toContain('All internal links are valid.');
    const written = await pages();
    expect(written).toEqual(
      expect.arrayContaining([...GENERATED, '/', '/getting-started/quickstart/']),
    );
    for (const path of written)
      expect(existsSync(join(root, 'dist', path, 'index.html')), path).toBe(true);
    expect(existsSync(join(root, 'dist/pagefind/pagefind.js'))).toBe(true);
  });

  it('has no WCAG 2.2 AA violation axe-core finds, on any page it builds (and in dark, on a page of each kind)', async () => {
    if (!browser || !docs) throw new Error('no browser or no docs server');
    const paths = await builtPages();
    expect(paths).toEqual(expect.arrayContaining([...GENERATED, '/', '/404.html']));
    /** One line per node: rule, theme and page, the node and why. */
    const found: string[] = [];
    // The next page loads and settles in the other tab while axe reads this one: its wait is
    // mostly Expressive Code's timer and idle callback, which need no CPU. One context: the
    // tabs share its cache, so each page's styles and scripts are fetched once.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: 'light',
    });
    await axeInEveryPage(context);
    const tabs = [await context.newPage(), await context.newPage()];
    const settled = async (page: Page, path: string): Promise<Page> => {
      await page.emulateMedia({ colorScheme: 'light' });
      const response = await page.goto(new URL(path, docs?.url).href);
      expect(response?.status(), path).toBe(200);
      await codeBlocksSettled(page);
      return page;
    };
    // Handled here too, so a page that fails to load while axe reads another is not reported as
    // unhandled before the loop awaits it (and fails with it).
    const prefetch = (i: number) => {
      const path = paths[i];
      const page = path === undefined ? undefined : settled(tabs[i % 2] as Page, path);
      page?.catch(() => {});
      return page;
    };
    let next = prefetch(0);
    try {
      for (const [i, path] of paths.entries()) {
        const page = (await next) as Page;
        next = prefetch(i + 1);
        // Every page's own content; the frame (header, sidebar, search) is the same component
        // on every page, checked whole on the pages of each kind below.
        const whole = DARK_CHECKED.includes(path) || path === '/404.html';
        for (const v of await axeViolations(page, undefined, whole ? undefined : 'main'))
          for (const node of v.nodes) found.push(`${v.rule} (light) ${path} ${node}`);
        // Dark as a reader's system turns it (Starlight follows it in place): the markup is the
        // same, so the rules that read colours only, on a page of each kind of content.
        if (!DARK_CHECKED.includes(path)) continue;
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.waitForFunction("document.documentElement.dataset.theme === 'dark'");
        for (const v of await axeViolations(page, ['color-contrast', 'link-in-text-block']))
          for (const node of v.nodes) found.push(`${v.rule} (dark) ${path} ${node}`);
      }
    } finally {
      await next?.catch(() => {});
      await context.close();
    }
    expect(found).toEqual([]);
  });

  it("has a page for every link the packages' READMEs make into the site (they ship in the tarballs)", async () => {
    const site = /site: '([^']+)'/.exec(
      await readFile(join(root, 'astro.config.mjs'), 'utf8'),
    )?.[1];
    expect(site).toBeDefined();
    const links: string[] = [];
    for (const dir of ['astro-loader', 'core', 'mock-server']) {
      const readme = await readFile(join(repoRoot, 'packages', dir, 'README.md'), 'utf8');
      const into = new RegExp(`${site?.replaceAll('.', '\\.')}/[^)\\s;]*`, 'g');
      for (const [url] of readme.matchAll(into)) links.push(url);
    }
    expect(links.length).toBeGreaterThan(10);
    for (const url of links) {
      const path = new URL(url).pathname;
      expect(existsSync(join(root, 'dist', path, 'index.html')), url).toBe(true);
    }
  });

  it("shows BENCHMARKS.md's figures on the performance page, as BENCHMARKS.md has them now", async () => {
    const benchmarks = await readFile(join(repoRoot, 'BENCHMARKS.md'), 'utf8');
    const rows = [...benchmarks.matchAll(/^\| (B\d+|L\d|S\d) \|.*\*\*([\d.]+×)\*\*/gm)];
    expect(rows.length).toBeGreaterThan(10);
    const html = await readFile(join(root, 'dist/explanations/performance/index.html'), 'utf8');
    for (const [, id, figure] of rows)
      expect(html, id).toMatch(
        new RegExp(
          `<td>${id}</td>(?:(?!</tr>).)*<strong>${figure?.replace('.', '\\.')}</strong>`,
          's',
        ),
      );
  });

  it('lists every option with its type and description, from the types', async () => {
    const page = await open('/reference/options-astro-loader/');
    const row = page.locator('tr', {
      has: page.locator('td:first-child code', { hasText: /^sanitiseWorkers$/ }),
    });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('td').nth(1).innerText()).toBe('number');
    expect(await row.locator('td').nth(2).innerText()).toMatch(/thread/i);
    await page.close();
  });

  it('shows the getting-started page with its code samples highlighted', async () => {
    const page = await open('/getting-started/quickstart/');
    const astro = page.locator('pre[data-language="astro"]').first();
    await expect.poll(() => astro.isVisible()).toBe(true);
    // Highlighted: the tokens of one sample are written in several colours.
    const colours = await astro.locator('span').evaluateAll((spans) => {
      // In the page: its window (the tests' types have no DOM).
      const view = globalThis as unknown as { getComputedStyle(e: unknown): { color: string } };
      return new Set(spans.map((s) => view.getComputedStyle(s).color)).size;
    });
    expect(colours).toBeGreaterThanOrEqual(4);
    expect(await page.locator('pre[data-language="ts"]').count()).toBeGreaterThan(0);
    await page.close();
  });

  it.each([
    ['rate limit', '/reference/api-v1/'],
    ['CONTENT_API_KEY', '/getting-started/quickstart/'],
  ])('finds %j with the built-in search, on %s', async (query, expected) => {
    const page = await open('/');
    const button = page.locator('site-search button[data-open-modal]');
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await page.locator('dialog[open] input').fill(query);
    const links = page.locator('dialog[open] .pagefind-ui__result-link');
    // Pagefind shows its first results as placeholders and fills each one as its page's data
    // arrives: read the links once some are shown and none is still loading.
    const loading = page.locator('dialog[open] .pagefind-ui__loading');
    await expect
      .poll(async () => (await links.count()) > 0 && (await loading.count()) === 0, {
        timeout: 10_000,
      })
      .toBe(true);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const paths = hrefs.map((href) => new URL(href, docs?.url).pathname);
    expect(paths).toContain(expected);
    await page.close();
  });
});
