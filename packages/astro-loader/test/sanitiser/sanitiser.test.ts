import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';

const sourceImports = new URL('./fixtures/source-imports.mjs', import.meta.url).href;
const sanitiserUrl = new URL('../../src/body/sanitise/sanitiser.ts', import.meta.url).href;

describe('renderArticleHtml', () => {
  it('removes scripts, event handlers and javascript: URLs', () => {
    const { html } = renderArticleHtml(
      '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a></p><script>alert(1)</script>' +
        '<img src="https://e.test/a.png" onerror="x()"><iframe src="https://evil.test"></iframe>' +
        '<a href="data:text/html,boo">d</a><style>p{}</style>',
    );
    expect(html).not.toMatch(/onclick|onerror|javascript:|<script|<iframe|data:|<style/);
    expect(html).toContain('<p>Hi <a>x</a></p>');
    expect(html).toContain(`<img src="https://e.test/a.png" loading="lazy" decoding="async">`);
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
      '<figure><img src="/i.png" alt="An image" width="10" height="20" loading="lazy" decoding="async"><figcaption>Cap</figcaption></figure>',
      '<ul><li>one</li></ul>',
      '<code class="language-js">1</code>',
      '<td>d</td>',
    ]) {
      expect(html).toContain(part);
    }
  });

  it('gives headings GitHub-style unique ids, prefixed, and lists them like local Markdown', () => {
    const { html, headings } = renderArticleHtml(
      '<h1>Hello World!</h1><h2>Setup &amp; use</h2><h2>Setup &amp; use</h2><h3 id="custom">Kept <em>id</em></h3><p id="intro">p</p><h4>Intro</h4>',
    );
    expect(headings).toEqual([
      { depth: 1, slug: 'user-content-hello-world', text: 'Hello World!' },
      { depth: 2, slug: 'user-content-setup--use', text: 'Setup & use' },
      { depth: 2, slug: 'user-content-setup--use-1', text: 'Setup & use' },
      { depth: 3, slug: 'user-content-custom', text: 'Kept id' },
      { depth: 4, slug: 'user-content-intro-1', text: 'Intro' },
    ]);
    expect(html).toContain('<h1 id="user-content-hello-world">Hello World!</h1>');
    expect(html).toContain('<h2 id="user-content-setup--use-1">');
    expect(html).toContain('<h3 id="user-content-custom">Kept <em>id</em></h3>');
    expect(html).toContain('<p id="user-content-intro">p</p>');
  });

  it('keeps headings that share no memory with the body: held alone, they do not keep it alive', () => {
    // V8 keeps a substring as a view of its whole parent; a stored heading must not hold its
    // article's body. A 64 MB body with one heading: after a collection, the heap holds the
    // heading's few bytes, not the body.
    const script = `
      import ${JSON.stringify(sourceImports)};
      const { renderArticleHtml } = await import(${JSON.stringify(sanitiserUrl)});
      const render = () => {
        const body = '<h2>A heading past ' + 'x'.repeat(12) + '</h2><p>' + 'y'.repeat(64 * 2 ** 20) + '</p>';
        return renderArticleHtml(body).headings;
      };
      const headings = render();
      gc();
      gc();
      console.log(JSON.stringify({ headings, heapMB: process.memoryUsage().heapUsed / 2 ** 20 }));
    `;
    const run = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    const { headings, heapMB } = JSON.parse(run.stdout) as { headings: unknown; heapMB: number };
    expect(headings).toEqual([
      {
        depth: 2,
        slug: 'user-content-a-heading-past-xxxxxxxxxxxx',
        text: 'A heading past xxxxxxxxxxxx',
      },
    ]);
    expect(heapMB).toBeLessThan(32);
  });

  it('returns no headings for a body without any', () => {
    expect(renderArticleHtml('<p>plain</p>')).toEqual({
      html: '<p>plain</p>',
      headings: [],
      embeds: [],
      warnings: [],
      unsizedImages: [],
    });
  });
});

/** Everything that must never survive, whatever the spelling (MathML has its own tests). */
const DANGER =
  /<script|<style|<iframe|<object|<embed|<svg|<form|<meta|<base|<noscript|<textarea|<template|\son[a-z]+=|javascript:|vbscript:|srcdoc|style=|<!--|\]\]>/i;

function safe(body: string): string {
  const { html } = renderArticleHtml(body);
  expect(html).not.toMatch(DANGER);
  // No markup but ours: every '<' starts an allowed tag, every attribute is quoted.
  for (const tag of html.match(/<[^>]*>/g) ?? []) {
    expect(tag).toMatch(
      /^<\/?[a-z][a-z0-9]*(\s[a-z-]+="[^"<>]*")*( disabled)?(\s[a-z-]+="[^"<>]*")*>$/,
    );
  }
  return html;
}

describe('renderArticleHtml against XSS vectors', () => {
  it.each([
    ['mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['entity-encoded', '<a href="&#106;avascript&#58;alert(1)">x</a>'],
    ['hex entities without semicolons', '<a href="&#x6A&#x61&#x76&#x61script:alert(1)">x</a>'],
    ['tab inside the scheme', '<a href="java\tscript:alert(1)">x</a>'],
    ['newline entity inside the scheme', '<a href="java&#10;script:alert(1)">x</a>'],
    ['leading control characters', '<a href="\u0001 javascript:alert(1)">x</a>'],
    ['vbscript', '<a href="vbscript:msgbox(1)">x</a>'],
    ['data: html link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>'],
    ['data: svg image', '<img src="data:image/svg+xml;base64,PHN2Zz4=">'],
    ['javascript in srcset', '<img srcset="javascript:alert(1) 1x">'],
    ['javascript poster', '<video poster="javascript:alert(1)"></video>'],
  ])('%s URLs are dropped', (_name, body) => {
    const html = safe(body);
    expect(html).not.toMatch(/href=|src=|srcset=|poster=/);
  });

  it('keeps safe raster data: images in img src, and ordinary links', () => {
    const html = safe(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot"><a href="https://e.test/a?b=1&amp;c=2">ok</a><a href="/rel:ative">r</a><a href="mailto:a@e.test">m</a>',
    );
    expect(html).toContain(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" loading="lazy" decoding="async">',
    );
    expect(html).toContain('<a href="https://e.test/a?b=1&amp;c=2">ok</a>');
    expect(html).toContain('<a href="/rel:ative">r</a>');
    expect(html).toContain('<a href="mailto:a@e.test">m</a>');
  });

  it('drops svg with everything inside and keeps only MathML elements in math, namespace tricks included', () => {
    const html = safe(
      '<p>a</p><svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">s</a><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>' +
        '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>' +
        '<svg><style><img src=x onerror=alert(1)></style></svg><p>b</p>',
    );
    expect(html).toBe('<p>a</p><math><mtext></mtext></math><p>b</p>');
  });

  it('drops noscript content, nested and with a closing tag hidden in an attribute', () => {
    const html = safe(
      '<noscript><noscript><p title="</noscript><img src=x onerror=alert(1)>">n</p></noscript></noscript><p>after</p>' +
        '<noscript><style></noscript><img src=x onerror=alert(1)></style>',
    );
    expect(html).toContain('<p>after</p>');
    expect(html).not.toContain('<img');
  });

  it('closes unclosed tags and escapes stray markup characters', () => {
    const html = safe('<p><em>open <strong>and unclosed <a href="/x">link');
    expect(html).toBe('<p><em>open <strong>and unclosed <a href="/x">link</a></strong></em></p>');
    expect(safe('<p>1 < 2 > 0 & "q"</p>')).toBe('<p>1 &lt; 2 &gt; 0 &amp; "q"</p>');
    expect(safe('<img src="/a.png" alt=\'"><script>alert(1)</script>\'>')).toBe(
      '<img src="/a.png" alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" loading="lazy" decoding="async">',
    );
  });

  it('drops comments, CDATA, conditional comments, doctypes and processing instructions', () => {
    const html = safe(
      '<!-- <img src=x onerror=alert(1)> --><p>t</p><![CDATA[<img src=x onerror=alert(1)>]]><!--[if IE]><script>alert(1)</script><![endif]--><!DOCTYPE html><?xml version="1.0"?>',
    );
    expect(html).toBe('<p>t</p>');
  });

  it('drops style, forms, embedded documents, srcdoc, meta and base', () => {
    const html = safe(
      '<p style="background:url(javascript:alert(1))">s</p><form action="https://evil.test"><input type="text" name="q"><button formaction="javascript:alert(1)">b</button></form>' +
        '<iframe srcdoc="<script>alert(1)</script>"></iframe><object data="x.swf"></object><embed src="x.swf">' +
        '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://evil.test/"><link rel="stylesheet" href="x.css">' +
        '<textarea><img src=x onerror=alert(1)></textarea><template><img src=x onerror=alert(1)></template>',
    );
    expect(html).toContain('<p>s</p>');
    expect(html).not.toMatch(/action=|<input type="text"|<button|<link|http-equiv|x\.swf/);
  });

  it('adds rel="noopener noreferrer" to links opening a new tab, keeping other rel tokens', () => {
    expect(safe('<a href="/x" target="_blank">n</a>')).toBe(
      '<a href="/x" target="_blank" rel="noopener noreferrer">n</a>',
    );
    expect(safe('<a href="/x" rel="nofollow" target="_BLANK">n</a>')).toBe(
      '<a href="/x" target="_BLANK" rel="nofollow noopener noreferrer">n</a>',
    );
  });

  it('keeps only task-list checkboxes of inputs', () => {
    expect(safe('<ul><li><input type="checkbox" checked> done</li></ul>')).toBe(
      '<ul><li><input type="checkbox" disabled checked=""> done</li></ul>',
    );
  });
});

describe('links, tables and lists', () => {
  it('gives every link with a target rel="noopener noreferrer", whatever the target', () => {
    for (const target of ['_new', 'other', '_self', '_top'])
      expect(safe(`<a href="/x" target="${target}">n</a>`)).toBe(
        `<a href="/x" target="${target}" rel="noopener noreferrer">n</a>`,
      );
  });

  it('keeps caption, colgroup/col and the numbering of ordered lists', () => {
    const body =
      '<table><caption>Results</caption><colgroup><col span="2"><col></colgroup><thead><tr><th>a</th><th>b</th><th>c</th></tr></thead></table>' +
      '<ol reversed="" type="i" start="4"><li value="7">x</li></ol>';
    expect(safe(body)).toBe(body);
  });

  it('unwraps caption and col outside a table', () => {
    expect(safe('<caption>c</caption><col span="2"><p>p</p>')).toBe('c<p>p</p>');
  });
});

describe('truncated and unbalanced input', () => {
  it.each([
    ['<p>x</p><div ', '<p>x</p>'],
    ['<a href=x', ''],
    ['<p>x<svg onload=alert(1) ', '<p>x</p>'],
    ['<span><span ', '<span></span>'],
    ['<p>a<img src=x', '<p>a</p>'],
    ['<ul><li>one<li>two', '<ul><li>one</li><li>two</li></ul>'],
    ['</div></p><b><i>x</b></i>', '<p></p><b><i>x</i></b>'],
  ])('%j renders, balanced', (body, html) => {
    expect(safe(body)).toBe(html);
  });
});
