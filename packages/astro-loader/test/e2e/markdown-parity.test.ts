import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AstroSite } from '@content-read/test-support/astro-site';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, describe, expect, it } from 'vitest';

// The same content as local Markdown files (glob()) and as API articles, in one site. Code: the
// article's blocks must come out byte for byte as the Markdown file's, under the site's own
// settings (Shiki with dual themes, wrap and an excluded language; Prism; highlighting off).
// Images: <ArticleBody> must write an authorised image as Markdown does (the image service, with
// and without a responsive layout), and an unauthorised host must never be fetched.
const FIXTURE = new URL('../fixtures/markdown-parity/', import.meta.url);
const markdown = readFileSync(new URL('src/content/posts/code.md', FIXTURE), 'utf8');

/** The HTML a CMS sends for the Markdown file's fences: plain code blocks. */
function asCmsHtml(md: string): string {
  const escapeHtml = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [...md.matchAll(/^(`{3,})([^\n`]*)\n([\s\S]*?)\n\1$/gm)]
    .map(([, , lang, code]) => {
      const cls = lang ? ` class="language-${lang}"` : '';
      return `<pre><code${cls}>${escapeHtml(code ?? '')}\n</code></pre>`;
    })
    .join('\n');
}

const sectionOf = (page: string, section: string) =>
  new RegExp(`<section id="${section}">([\\s\\S]*?)</section>`).exec(page)?.[1] ?? '';
const blocks = (page: string, section: string) =>
  sectionOf(page, section).match(/<pre[\s\S]*?<\/pre>/g) ?? [];
const images = (page: string, section: string) =>
  sectionOf(page, section).match(/<img [^>]*>/g) ?? [];

/**
 * Three images as a Markdown file writes them and as a CMS sends them (one sized, one not), and
 * one more in the CMS's, which the image service cannot fetch. No
 * quotes in the alt text: Markdown would curl them (smartypants), which is not about images.
 */
function imageContent(allowed: string, other: string) {
  const markdown = [
    '# Images',
    `![sized one](${allowed}/images/sized/300x200.png)`,
    `![unsized two & more](${allowed}/images/unsized/640x480.png "A title")`,
    `![not allowed](${other}/images/other/20x20.png)`,
  ].join('\n\n');
  const html = [
    `<p><img src="${allowed}/images/sized/300x200.png" alt="sized one" width="300" height="200"></p>`,
    `<p><img src="${allowed}/images/unsized/640x480.png" alt="unsized two &amp; more" title="A title"></p>`,
    `<p><img src="${other}/images/other/20x20.png" alt="not allowed"></p>`,
    // Authorised, sized, but not there: a Markdown file's would fail the build.
    `<p><img src="${allowed}/images/gone.png" alt="gone" width="10" height="10"></p>`,
  ].join('\n');
  return { markdown, html };
}

describe.concurrent('an article as the site writes the same Markdown: code blocks and images', {
  timeout: 240_000,
}, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const build = async (highlight: string, layout?: string) => {
    const server = await startMock();
    cleanups.push(() => server.close());
    // Another image host on the same machine, which the site does not authorise.
    const other = await startMock();
    cleanups.push(() => other.close());
    const site = await AstroSite.copy(FIXTURE);
    cleanups.push(() => site.dispose());
    const origin = (s: { baseUrl: string }) => new URL(s.baseUrl).origin;
    const content = imageContent(origin(server), origin(other));
    await writeFile(join(site.root, 'src/content/posts/images.md'), content.markdown);
    const article = server.mock.updateArticle('art_0002', { html: asCmsHtml(markdown) });
    const imagesArticle = server.mock.updateArticle('art_0007', { html: content.html });
    const env = site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY }, undefined, {
      HIGHLIGHT: highlight,
      ARTICLE_SLUG: article.slug,
      IMAGES_SLUG: imagesArticle.slug,
      IMAGE_PORT: String(server.port),
      ...(layout ? { IMAGE_LAYOUT: layout } : {}),
    });
    const result = await site.build(env);
    expect(result.code, result.output).toBe(0);
    const page = result.pages['index.html'] ?? '';
    return {
      fromMarkdown: blocks(page, 'markdown'),
      fromApi: blocks(page, 'api'),
      sections: (name: string) => sectionOf(page, name),
      images: (name: string) => images(page, name),
      site,
      otherImageRequests: other.mock.imageRequests,
      output: result.output,
    };
  };

  /** Authorised images as Markdown writes them; the unauthorised one as it was, lazy. */
  const expectImagesAsMarkdown = (built: Awaited<ReturnType<typeof build>>) => {
    const markdownImages = built.images('markdown-images');
    const bodyImages = built.images('body-images');
    expect(markdownImages).toHaveLength(3);
    expect(bodyImages.slice(0, 2)).toEqual(markdownImages.slice(0, 2));
    for (const img of bodyImages.slice(0, 2)) {
      const src = /src="(\/_astro\/[^"]+\.webp)"/.exec(img)?.[1] ?? '';
      expect(src, img).not.toBe('');
      expect(existsSync(join(built.site.root, 'dist', src)), src).toBe(true);
    }
    // The unsized image was measured at sync; the unauthorised host never asked for anything.
    expect(bodyImages[1]).toContain('width="640" height="480"');
    expect(bodyImages[2]).toMatch(
      /^<img src="http:\/\/127\.0\.0\.1:\d+\/images\/other\/20x20\.png" alt="not allowed" loading="lazy" decoding="async">$/,
    );
    expect(built.otherImageRequests).toEqual([]);
    // An authorised image the service cannot fetch keeps its URL, and the build says so.
    expect(bodyImages[3]).toMatch(
      /^<img src="http:\/\/127\.0\.0\.1:\d+\/images\/gone\.png" alt="gone" width="10" height="10" loading="lazy" decoding="async">$/,
    );
    expect(built.output).toMatch(
      /\[content-read\] <ArticleBody>: the image http:\/\/127\.0\.0\.1:\d+\/images\/gone\.png kept its own URL: the image service failed on it \(.+\)/,
    );
    // <Content /> keeps the API's URLs (Astro resolves images only for entries with a file),
    // with the size the sync measured and lazy loading.
    expect(built.images('api-images')[1]).toMatch(
      /^<img src="http:\/\/127\.0\.0\.1:\d+\/images\/unsized\/640x480\.png" alt="unsized two &amp; more" title="A title" loading="lazy" decoding="async" width="640" height="480">$/,
    );
  };

  it('Shiki, dual themes, wrap, an excluded language: byte for byte as Markdown; images as Markdown writes them', async () => {
    const built = await build('dual');
    const { fromMarkdown, fromApi } = built;
    expect(fromMarkdown).toHaveLength(9);
    expect(fromApi).toEqual(fromMarkdown);
    // Really highlighted: both themes' colours on the tokens, the language named.
    expect(fromApi[0]).toMatch(
      /^<pre class="astro-code astro-code-themes github-light github-dark"/,
    );
    expect(fromApi[0]).toContain('data-language="ts"');
    expect(fromApi[0]).toMatch(
      /<span style="color:#[0-9A-F]{6};--shiki-dark:#[0-9A-F]{6}">const<\/span>/,
    );
    expect(fromApi[7]).toBe(
      '<pre><code class="language-mermaid">graph TD; A--&gt;B;\n</code></pre>',
    );
    // Without components and with no image, <ArticleBody> writes exactly what <Content /> writes.
    expect(built.sections('body')).toBe(built.sections('api'));
    // Read live and highlighted by liveHighlighter() (Shiki's JavaScript regex engine, the same
    // themes and languages): the same bytes again.
    const live = built.sections('live').match(/<pre[\s\S]*?<\/pre>/g) ?? [];
    expect(live).toEqual(fromMarkdown);
    expectImagesAsMarkdown(built);
    expect(built.images('body-images')[0]).toMatch(
      /^<img alt="sized one" loading="lazy" decoding="async" width="300" height="200" src="\/_astro\/[^"]+\.webp">$/,
    );
  });

  it('Prism: byte for byte as Markdown, but for the block Prism does not know, which Astro writes unescaped; images with a responsive layout', async () => {
    const built = await build('prism', 'constrained');
    const { fromMarkdown, fromApi, output } = built;
    expectImagesAsMarkdown(built);
    expect(built.images('body-images')[1]).toMatch(
      /^<img alt="unsized two &amp; more" title="A title" loading="lazy" decoding="async" sizes="\(min-width: 640px\) 640px, 100vw" data-astro-image="constrained" data-astro-image-pos="center" width="640" height="480" src="\/_astro\/[^"]+\.webp" srcset="[^"]+ 640w">$/,
    );
    expect(fromApi[0]).toContain('<span class="token keyword">const</span>');
    // Astro's Prism highlighter puts the code of an unknown language into the page as it is:
    // markup in the code becomes markup (here `<text>`). The policy refuses that output, and
    // the block is shown as sanitised, its text escaped.
    expect(fromMarkdown[5]).toContain('some <text> &amp; "quotes"');
    expect(fromApi[5]).toBe(
      '<pre><code class="language-not-a-language">some &lt;text&gt; &amp; "quotes"\n</code></pre>',
    );
    expect(output).toMatch(
      /articles: article art_0002: its highlighted not-a-language code block was not used \(the highlighter wrote <text>\); it is shown as sanitised/,
    );
    expect(fromApi.filter((_, i) => i !== 5)).toEqual(fromMarkdown.filter((_, i) => i !== 5));
  });

  it('highlighting off: the blocks stay plain, as in Markdown', async () => {
    const { fromMarkdown, fromApi } = await build('off');
    expect(fromApi).toEqual(fromMarkdown);
    expect(fromApi[0]).toMatch(/^<pre><code class="language-ts">const greeting/);
  });
});
