import { readFileSync } from 'node:fs';
import { renderArticleHtml } from '@content-read/astro-loader';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';

// Real CMS bodies, sanitised, as Chromium shows them to a reader: formulas read and shown once
// and right, media playable, embeds as sandboxed players. Nothing is loaded from elsewhere:
// every request but the page itself is refused.

const body = (name: string) =>
  readFileSync(
    new URL(
      `../../packages/astro-loader/test/sanitiser/real-world/bodies/${name}.html`,
      import.meta.url,
    ),
    'utf8',
  );

describe('sanitised CMS bodies in Chromium', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
    await page.route('**/*', (route) => route.abort());
  });
  afterAll(async () => {
    await browser?.close();
  });

  const show = (html: string) =>
    page.setContent(`<!doctype html><meta charset="utf-8"><article>${html}</article>`);

  it('reads and shows a KaTeX formula once, as its MathML: x = 6/8, not "x = 8 6"', async () => {
    const katex = body('katex-frac-six-eighths');
    // Unsanitised and without KaTeX's CSS, the visual copy shows beside the MathML, wrong (𝑥 is
    // how Chromium renders a MathML <mi>x</mi>: mathematical italic).
    await show(`<p>So ${katex} holds.</p>`);
    expect(squash(await page.locator('article').innerText())).toBe('So 𝑥 = 6 8 x=86 holds.');

    await show(`<p>So ${renderArticleHtml(katex).html} holds.</p>`);
    expect(squash(await page.locator('article').innerText())).toBe('So 𝑥 = 6 8 holds.');
    expect(await page.locator('article').ariaSnapshot()).toContain('- math: x = 6 8');
    // A real fraction: MathML laid out by the browser, the numerator above the denominator.
    // (Page code as strings: the tests are type-checked without the DOM's types.)
    const fraction = await page.evaluate(`(() => {
      const frac = document.querySelector('mfrac');
      const [top, bottom] = [...(frac?.children ?? [])].map((e) => e.getBoundingClientRect());
      return { namespace: frac?.namespaceURI, above: (top?.bottom ?? 1) <= (bottom?.top ?? 0) };
    })()`);
    expect(fraction).toEqual({ namespace: 'http://www.w3.org/1998/Math/MathML', above: true });
  });

  it('makes Ghost video and audio cards playable, without their dead player bars', async () => {
    await show(
      renderArticleHtml(body('ghost-video-card') + body('ghost-audio-card'), {
        allowClasses: ['ghost'],
      }).html,
    );
    const media = await page.evaluate(
      `[...document.querySelectorAll('video, audio')].map((m) => ({ tag: m.tagName, controls: m.controls }))`,
    );
    expect(media).toEqual([
      { tag: 'VIDEO', controls: true },
      { tag: 'AUDIO', controls: true },
    ]);
    expect(await page.locator('button, input').count()).toBe(0);
    expect(await page.locator('article').innerText()).not.toMatch(/0:00|1×/);
  });

  it('plays a YouTube embed as a sandboxed, lazy, privacy-enhanced iframe with its caption', async () => {
    await show(renderArticleHtml(body('wordpress-embed-youtube-jetpack')).html);
    const frame = (await page.evaluate(`(() => {
      const f = document.querySelector('iframe');
      return {
        src: f.src,
        sandbox: [...f.sandbox].sort().join(' '),
        loading: f.loading,
        policy: f.referrerPolicy,
        ratio: getComputedStyle(f).aspectRatio,
      };
    })()`)) as { src: string; sandbox: string; loading: string; policy: string; ratio: string };
    expect(frame.src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/);
    expect(frame.sandbox).toBe(
      'allow-popups allow-popups-to-escape-sandbox allow-presentation allow-same-origin allow-scripts',
    );
    expect(frame).toMatchObject({ loading: 'lazy', policy: 'strict-origin-when-cross-origin' });
    expect(frame.ratio).toMatch(/^\d+ \/ \d+$/);
  });
});

function squash(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\u200b/g, '')
    .trim();
}
