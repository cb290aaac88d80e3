import { readFileSync } from 'node:fs';
import { AstroSite } from '@content-read/test-support/astro-site';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, describe, expect, it } from 'vitest';

// The same code blocks as a local Markdown file (glob()) and as an API article, in one site:
// the article's blocks must come out byte for byte as the Markdown file's, under the site's own
// settings (Shiki with dual themes, wrap and an excluded language; Prism; highlighting off).
const FIXTURE = new URL('../fixtures/highlight/', import.meta.url);
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

const blocks = (page: string, section: string) => {
  const html = new RegExp(`<section id="${section}">([\\s\\S]*?)</section>`).exec(page)?.[1] ?? '';
  return html.match(/<pre[\s\S]*?<\/pre>/g) ?? [];
};

describe.concurrent('code blocks highlighted as the site highlights its Markdown', {
  timeout: 240_000,
}, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const build = async (highlight: string) => {
    const server = await startMock();
    cleanups.push(() => server.close());
    const site = await AstroSite.copy(FIXTURE);
    cleanups.push(() => site.dispose());
    const article = server.mock.updateArticle('art_0002', { html: asCmsHtml(markdown) });
    const env = site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY }, undefined, {
      HIGHLIGHT: highlight,
      ARTICLE_SLUG: article.slug,
    });
    const result = await site.build(env);
    expect(result.code, result.output).toBe(0);
    const page = result.pages['index.html'] ?? '';
    return {
      fromMarkdown: blocks(page, 'markdown'),
      fromApi: blocks(page, 'api'),
      output: result.output,
    };
  };

  it('Shiki, dual themes, wrap, an excluded language: byte for byte as Markdown', async () => {
    const { fromMarkdown, fromApi } = await build('dual');
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
  });

  it('Prism: byte for byte as Markdown, but for the block Prism does not know, which Astro writes unescaped', async () => {
    const { fromMarkdown, fromApi, output } = await build('prism');
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
