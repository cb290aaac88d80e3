import type { Properties, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { codeBlocks, codeFence } from '../../src/body/highlight/code-blocks.js';
import {
  createHighlighter,
  describeHighlighting,
  highlightSettings,
} from '../../src/body/highlight/highlighter.js';
import { highlighterProblem, treeProblem } from '../../src/body/highlight/highlighter-policy.js';
import { placeBlocks, rememberedBlocks } from '../../src/body/highlight/remembered-blocks.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';

describe('code blocks of a sanitised body', () => {
  it('finds pre > code blocks with their language and text, token spans and <br> read as text', () => {
    const html = renderArticleHtml(
      '<p>a</p><pre><code class="language-ts">const a = 1 &lt; 2;\n</code></pre>' +
        '<div class="highlight highlight-source-js"><pre><span class="pl-k">let</span> b<br>c</pre></div>' +
        '<pre><code>plain</code></pre>' +
        '<pre>text <a href="/x">link</a></pre><pre><code>a</code><code>b</code></pre>',
    ).html;
    const blocks = codeBlocks(html);
    expect(blocks.map(({ language, code }) => ({ language, code }))).toEqual([
      { language: 'ts', code: 'const a = 1 < 2;\n' },
      { language: 'js', code: 'let b\nc' },
      { language: undefined, code: 'plain' },
    ]);
    for (const block of blocks)
      expect(html.slice(block.start, block.end)).toMatch(/^<pre>.*<\/pre>$/s);
  });

  it('writes a fence no line of the code can close', () => {
    expect(codeFence('a\n', 'ts')).toBe('```ts\na\n```\n');
    expect(codeFence('x ```` y', undefined)).toBe('`````\nx ```` y\n`````\n');
  });
});

// Prism is highlighted through the site's Markdown pipeline, one fence per block.
const THROUGH_MARKDOWN = highlightSettings({ syntaxHighlight: 'prism' });

describe('the highlighter', () => {
  const fakeMarkdown = (calls: string[]) => async (markdown: string) => {
    calls.push(markdown);
    const [, lang = '', code = ''] = /^`+(\S*)\n([\s\S]*)\n`+\n$/.exec(markdown) ?? [];
    return {
      html: `<pre class="astro-code" style="color:#fff" tabindex="0" data-language="${lang || 'plaintext'}"><code><span style="color:#f00">${code.replaceAll('<', '&lt;')}</span></code></pre>\n`,
    };
  };

  it("replaces each block by what the site's Markdown renders for its fence, once per (language, code)", async () => {
    const calls: string[] = [];
    const highlighter = createHighlighter(THROUGH_MARKDOWN, fakeMarkdown(calls), () => {});
    const body =
      '<p>x</p><pre><code class="language-ts">a &lt; b</code></pre><p>y</p><pre><code class="language-ts">a &lt; b</code></pre>';
    const out = await highlighter.body(body, 'articles: article a1');
    const block =
      '<pre class="astro-code" style="color:#fff" tabindex="0" data-language="ts"><code><span style="color:#f00">a &lt; b</span></code></pre>';
    expect(out).toBe(`<p>x</p>${block}<p>y</p>${block}`);
    await highlighter.body(body, 'articles: article a2');
    expect(calls).toEqual(['```ts\na < b\n```\n']);
    expect(await highlighter.body('<p>no code</p>', 'x')).toBe('<p>no code</p>');
  });

  it("takes the blocks the body's last entry holds, by key, and highlights only the others", async () => {
    const calls: string[] = [];
    const highlighter = createHighlighter(THROUGH_MARKDOWN, fakeMarkdown(calls), () => {});
    const first = renderArticleHtml(
      '<p>x</p><pre><code class="language-ts">a &lt; b</code></pre><pre><code class="language-sh">ls</code></pre>',
    ).html;
    const made = await highlighter.moved(first, 'articles: article a1');
    expect(made.blocks.map((b) => b.remembered)).toEqual([undefined, undefined]);
    // The entry as stored, and the next sync's highlighter reading it back.
    const entry = {
      html: made.html,
      metadata: { codeBlocks: placeBlocks(made.html, made.blocks) },
    };
    const remembered = rememberedBlocks(entry);
    expect([...remembered.values()]).toEqual(made.blocks.map((b) => b.html));
    const next = createHighlighter(THROUGH_MARKDOWN, fakeMarkdown(calls), () => {});
    calls.length = 0;
    // The article changed: its text and its shell block; its TypeScript block did not.
    const edited = first.replace('<p>x</p>', '<p>y</p>').replace('>ls<', '>ls -l<');
    const again = await next.moved(edited, 'articles: article a1', remembered);
    expect(calls).toEqual(['```sh\nls -l\n```\n']);
    expect(again.blocks.map((b) => b.remembered)).toEqual([true, undefined]);
    expect(again.html).toContain(made.blocks[0]?.html);
    // Blocks made under other settings are never taken.
    const other = createHighlighter(
      highlightSettings({ syntaxHighlight: 'prism', shikiConfig: { wrap: true } }),
      fakeMarkdown(calls),
      () => {},
    );
    calls.length = 0;
    await other.moved(edited, 'articles: article a1', remembered);
    expect(calls).toHaveLength(2);
  });

  it('reads back only whole blocks from what an entry says (an entry of another version may not)', () => {
    const html = '<p>a</p><pre><code>x</code></pre>';
    expect([
      ...rememberedBlocks({
        html,
        metadata: { codeBlocks: [['k1', 8, 33], ['k2', 0, 8], 'x', ['k3', 'a', 2]] },
      }),
    ]).toEqual([['k1', '<pre><code>x</code></pre>']]);
    expect(rememberedBlocks({ html }).size).toBe(0);
    expect(rememberedBlocks(undefined).size).toBe(0);
  });

  it('keeps the sanitised block when the highlighter writes what the policy refuses, and says so', async () => {
    const warnings: string[] = [];
    const hostile = async () => ({
      html: '<pre style="background:url(https://e.test/t.gif)"><code><img src=x onerror=alert(1)></code></pre>',
    });
    const body = '<pre><code class="language-js">x</code></pre>';
    expect(
      await createHighlighter(THROUGH_MARKDOWN, hostile, (w) => warnings.push(w)).body(
        body,
        'articles: article a1',
      ),
    ).toBe(body);
    expect(warnings).toEqual([
      'articles: article a1: its highlighted js code block was not used (the highlighter wrote pre style="background:url(https://e.test/t.gif)"); it is shown as sanitised',
    ]);
  });

  it('keeps the block when the highlighter fails, and renders one block at a time', async () => {
    const warnings: string[] = [];
    let running = 0;
    let most = 0;
    const render = async (markdown: string) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      if (markdown.includes('boom')) throw new Error('grammar failed');
      return { html: '<pre><code>ok</code></pre>' };
    };
    const highlighter = createHighlighter(THROUGH_MARKDOWN, render, (w) => warnings.push(w));
    const body =
      '<pre><code class="language-a">1</code></pre><pre><code class="language-b">boom</code></pre><pre><code>3</code></pre>';
    expect(await highlighter.body(body, 'articles: article a1')).toBe(
      '<pre><code>ok</code></pre><pre><code class="language-b">boom</code></pre><pre><code>ok</code></pre>',
    );
    expect(most).toBe(1);
    expect(warnings).toEqual([
      'articles: article a1: its b code block could not be highlighted (grammar failed); it is shown as sanitised',
    ]);
  });

  it('holds highlighter output to its policy: its elements, classes, computed styles, no URLs', () => {
    expect(
      highlighterProblem(
        '<pre class="astro-code github-dark" style="background-color:#24292e;color:#e1e4e8; overflow-x: auto;" tabindex="0" data-language="ts"><code><span class="line"><span style="color:#F97583">const</span></span></code></pre>',
      ),
    ).toBeUndefined();
    expect(
      highlighterProblem(
        '<pre class="language-js" data-language="js"><code class="language-js"><span class="token keyword">let</span></code></pre>',
      ),
    ).toBeUndefined();
    expect(highlighterProblem('<pre><code><a href="/x">x</a></code></pre>')).toBe('<a>');
    expect(highlighterProblem('<pre onclick="x"></pre>')).toBe('pre onclick');
    expect(highlighterProblem('<pre><span style="background:URL(x)">x</span></pre>')).toBe(
      'span style="background:URL(x)"',
    );
    expect(highlighterProblem('<pre><!-- x --></pre>')).toBe('a comment');
  });

  it("holds Shiki's tree to the same policy before it is written", () => {
    const span = (properties: Properties, tagName = 'span'): Root => ({
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'pre',
          properties: { className: ['astro-code'], tabIndex: 0, dataLanguage: 'ts' },
          children: [{ type: 'element', tagName, properties, children: [] }],
        },
      ],
    });
    expect(treeProblem(span({ style: 'color:#F97583' }))).toBeUndefined();
    expect(treeProblem(span({ href: '/x' }, 'a'))).toBe('<a>');
    expect(treeProblem(span({ onClick: 'x' }))).toBe('span onclick');
    expect(treeProblem(span({ style: 'background:URL(x)' }))).toBe(
      'span style="background:URL(x)"',
    );
    expect(treeProblem({ type: 'root', children: [{ type: 'comment', value: ' x ' }] })).toBe(
      'a comment',
    );
    expect(treeProblem({ type: 'root', children: [{ type: 'doctype' }] })).toBe('a doctype');
  });

  it("keeps the sanitised block when a site's Shiki transformer writes what the policy refuses", async () => {
    const warnings: string[] = [];
    const highlighter = createHighlighter(
      highlightSettings({
        syntaxHighlight: 'shiki',
        shikiConfig: {
          transformers: [
            {
              pre(node: { properties: Record<string, unknown> }) {
                node.properties.onmouseover = 'alert(1)';
              },
            },
          ],
        },
      }),
      async () => ({ html: '' }),
      (w) => warnings.push(w),
    );
    const body = '<pre><code class="language-ts">const a = 1;</code></pre>';
    expect(await highlighter.body(body, 'articles: article a1')).toBe(body);
    expect(warnings).toEqual([
      'articles: article a1: its highlighted ts code block was not used (the highlighter wrote pre onmouseover); it is shown as sanitised',
    ]);
  });

  it("describes the site's settings, transformers by their source", () => {
    const a = describeHighlighting({
      syntaxHighlight: 'shiki',
      shikiConfig: { theme: 'nord', transformers: [{ pre: (n: unknown) => n }] },
    });
    const b = describeHighlighting({
      syntaxHighlight: 'shiki',
      shikiConfig: { theme: 'nord', transformers: [{ pre: (n: unknown) => [n] }] },
    });
    expect(a).toContain('nord');
    expect(a).not.toBe(b);
  });
});
