import { describe, expect, it } from 'vitest';
import { renderArticleHtml } from '../../src/html.js';

describe('renderArticleHtml', () => {
  it('removes scripts, event handlers and javascript: URLs', () => {
    const { html } = renderArticleHtml(
      '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a></p><script>alert(1)</script>' +
        '<img src="https://e.test/a.png" onerror="x()"><iframe src="https://evil.test"></iframe>' +
        '<a href="data:text/html,boo">d</a><style>p{}</style>',
    );
    expect(html).not.toMatch(/onclick|onerror|javascript:|<script|<iframe|data:|<style/);
    expect(html).toContain('<p>Hi <a>x</a></p>');
    expect(html).toContain('<img src="https://e.test/a.png">');
  });

  it('keeps ordinary content', () => {
    const body =
      '<h2>Intro</h2><p>Some <strong>bold</strong>, <em>em</em>, <code>code</code> and <a href="/x" rel="noopener">a link</a>.</p>' +
      '<figure><img src="/i.png" alt="An image" width="10" height="20"><figcaption>Cap</figcaption></figure>' +
      '<ul><li>one</li></ul><blockquote>q</blockquote><pre><code class="language-js">1</code></pre>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>';
    const { html } = renderArticleHtml(body);
    for (const part of [
      '<strong>bold</strong>',
      '<a href="/x" rel="noopener">a link</a>',
      '<figure><img src="/i.png" alt="An image" width="10" height="20"><figcaption>Cap</figcaption></figure>',
      '<ul><li>one</li></ul>',
      '<code class="language-js">1</code>',
      '<td>d</td>',
    ]) {
      expect(html).toContain(part);
    }
  });

  it('gives headings GitHub-style unique ids and lists them like local Markdown', () => {
    const { html, headings } = renderArticleHtml(
      '<h1>Hello World!</h1><h2>Setup &amp; use</h2><h2>Setup &amp; use</h2><h3 id="custom">Kept <em>id</em></h3><p id="intro">p</p><h4>Intro</h4>',
    );
    expect(headings).toEqual([
      { depth: 1, slug: 'hello-world', text: 'Hello World!' },
      { depth: 2, slug: 'setup--use', text: 'Setup & use' },
      { depth: 2, slug: 'setup--use-1', text: 'Setup & use' },
      { depth: 3, slug: 'custom', text: 'Kept id' },
      { depth: 4, slug: 'intro-1', text: 'Intro' },
    ]);
    expect(html).toContain('<h1 id="hello-world">Hello World!</h1>');
    expect(html).toContain('<h2 id="setup--use-1">');
    expect(html).toContain('<h3 id="custom">Kept <em>id</em></h3>');
  });

  it('returns no headings for a body without any', () => {
    expect(renderArticleHtml('<p>plain</p>')).toEqual({ html: '<p>plain</p>', headings: [] });
  });
});
