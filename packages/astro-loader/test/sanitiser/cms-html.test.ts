import type { Article } from '@content-read/core';
import { describe, expect, it } from 'vitest';
import { articleBase, transformedHtml } from '../../src/body/body-options.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';

const html = (body: string, options = {}) => renderArticleHtml(body, options).html;
const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

describe('images as the reader would see them', () => {
  it('reveals lazy-loaded images: data-src, data-srcset, data-lazy-src, data-sizes', () => {
    expect(
      html(
        `<img src="${GIF}" data-src="https://e.test/a.jpg" data-srcset="https://e.test/a-1.jpg 1x, https://e.test/a-2.jpg 2x" data-sizes="auto" class="lazyload" width="700" height="624" alt="A">`,
      ),
    ).toBe(
      '<img src="https://e.test/a.jpg" width="700" height="624" alt="A" srcset="https://e.test/a-1.jpg 1x, https://e.test/a-2.jpg 2x" sizes="auto" loading="lazy" decoding="async">',
    );
    expect(html(`<img data-lazy-src="https://e.test/b.jpg" src="${GIF}">`)).toBe(
      '<img src="https://e.test/b.jpg" loading="lazy" decoding="async">',
    );
    expect(
      html(
        '<picture><source data-srcset="https://e.test/c.webp" type="image/webp"><img src="https://e.test/c.jpg"></picture>',
      ),
    ).toBe(
      '<picture><source type="image/webp" srcset="https://e.test/c.webp"><img src="https://e.test/c.jpg" loading="lazy" decoding="async"></picture>',
    );
  });

  it('takes the <noscript> copy for a placeholder that has no real URL, and nothing twice', () => {
    expect(
      html(
        `<p><img src="${GIF}" class="lazy"><noscript><img src="https://e.test/real.jpg" alt="Real"></noscript></p>`,
      ),
    ).toBe('<p><img src="https://e.test/real.jpg" alt="Real" loading="lazy" decoding="async"></p>');
    // Revealed from data-src already: the noscript copy is not a second image.
    expect(
      html(
        `<img src="${GIF}" data-src="https://e.test/a.jpg"><noscript><img src="https://e.test/a.jpg"></noscript>`,
      ),
    ).toBe('<img src="https://e.test/a.jpg" loading="lazy" decoding="async">');
    // A noscript after anything else stays dropped with its content.
    expect(html('<p>x</p><noscript><img src="https://e.test/track.gif"></noscript>')).toBe(
      '<p>x</p>',
    );
  });

  it('parses srcset as the HTML standard does: commas inside URLs stay, bad candidates go', () => {
    const substack =
      'https://substackcdn.com/image/fetch/w_424,c_limit,f_webp,q_auto:good,fl_progressive:steep/https%3A%2F%2Fa.png 424w, https://substackcdn.com/image/fetch/w_848,c_limit,f_webp,q_auto:good,fl_progressive:steep/https%3A%2F%2Fa.png 848w';
    expect(
      html(
        `<img src="https://e.test/a.png" srcset="${substack}" sizes="(min-width: 728px) 728px, 100vw">`,
      ),
    ).toBe(
      `<img src="https://e.test/a.png" srcset="${substack}" sizes="(min-width: 728px) 728px, 100vw" loading="lazy" decoding="async">`,
    );
    expect(html('<img src="/a.png" srcset="/a.png 1x, javascript:alert(1) 2x">')).toBe(
      '<img src="/a.png" srcset="/a.png 1x" loading="lazy" decoding="async">',
    );
    expect(html('<img src="/a.png" srcset="/a.png 1q">')).toBe(
      '<img src="/a.png" loading="lazy" decoding="async">',
    );
  });
});

describe('media, controls, ARIA, code, math', () => {
  it('gives kept video and audio controls, and drops script-driven controls instead of faking checkboxes', () => {
    expect(
      html(
        '<video src="https://e.test/v.mp4" poster="https://e.test/p.jpg" playsinline></video><input type="range" max="100"><button aria-label="Play">▶</button>',
      ),
    ).toBe(
      '<video src="https://e.test/v.mp4" poster="https://e.test/p.jpg" playsinline="" controls=""></video>',
    );
    expect(
      html(
        '<div class="kg-audio-player"><span>0:00</span></div><audio src="https://e.test/a.mp3"></audio>',
      ),
    ).toBe('<audio src="https://e.test/a.mp3" controls=""></audio>');
    expect(html('<input type="checkbox" checked>')).toBe(
      '<input type="checkbox" disabled checked="">',
    );
  });

  it('keeps aria-hidden (true or false only) and ARIA labels on any element', () => {
    expect(
      html(
        '<span aria-hidden="true">★</span><span aria-hidden="yes">x</span><div aria-label="Note">n</div>',
      ),
    ).toBe('<span aria-hidden="true">★</span><span>x</span><div aria-label="Note">n</div>');
  });

  it('writes every language hint as class="language-x" on the code', () => {
    const cases: [string, string][] = [
      [
        '<div class="highlight highlight-source-js"><pre><span class="pl-k">const</span> a</pre></div>',
        'js',
      ],
      ['<div class="highlight highlight-text-html-basic"><pre>&lt;p&gt;</pre></div>', 'html'],
      [
        '<div class="language-swift highlighter-rouge"><div class="highlight"><pre class="highlight"><code>let x</code></pre></div></div>',
        'swift',
      ],
      ['<pre class="EnlighterJSRAW" data-enlighter-language="php">echo 1;</pre>', 'php'],
      [
        '<pre class="shiki" data-language="ts"><code><span class="line">x</span></code></pre>',
        'ts',
      ],
      ['<pre class="prettyprint lang-js">x</pre>', 'js'],
      ['<pre lang="ruby"><code>puts 1</code></pre>', 'ruby'],
      ['<pre class="brush: python; gutter: false">print(1)</pre>', 'python'],
      ['<pre><code class="hljs language-TypeScript">x</code></pre>', 'typescript'],
      ['<pre data-code-block-lang="bash"><span>ls</span></pre>', 'bash'],
    ];
    for (const [body, language] of cases)
      expect(html(body), body).toContain(`<code class="language-${language}">`);
    // Token spans keep their text in order; nothing is invented for a block without a language.
    expect(html('<pre><code><span>a</span>b<span>c</span></code></pre>')).toBe(
      '<pre><code><span>a</span>b<span>c</span></code></pre>',
    );
    expect(html('<div class="language-x"><p>not code</p></div>')).toBe(
      '<div><p>not code</p></div>',
    );
  });

  it("keeps MathML (no links, no scriptable parts) and drops KaTeX's visual copy beside it", () => {
    expect(
      html(
        '<math display="block" href="javascript:alert(1)"><mi mathvariant="bold" style="x" onclick="alert(1)">x</mi><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml><maction actiontype="toggle"><mi>a</mi></maction></math>',
      ),
    ).toBe('<math display="block"><mi mathvariant="bold">x</mi></math>');
    expect(html('<mi>outside</mi><math><mrow><p>html</p><mi>y</mi></mrow></math>')).toBe(
      'outside<math><mrow>html<mi>y</mi></mrow></math>',
    );
    expect(
      html(
        '<span class="katex"><span class="katex-mathml"><math><mn>1</mn></math></span><span class="katex-html" aria-hidden="true"><span class="mord">1</span></span></span>',
      ),
    ).toBe('<span><span><math><mn>1</mn></math></span></span>');
    // KaTeX's HTML-only output (no MathML) is all there is: kept.
    expect(
      html('<span class="katex"><span class="katex-html" aria-hidden="true">1</span></span>'),
    ).toBe('<span><span aria-hidden="true">1</span></span>');
  });
});

describe('CMS classes, relative URLs and the transform hook', () => {
  it("keeps a CMS preset's classes, combinable with names", () => {
    const body =
      '<figure class="kg-card kg-gallery-card wp-block-image alignwide callout"><img class="kg-image size-large" src="/a.jpg"></figure>';
    expect(html(body, { allowClasses: ['ghost'] })).toBe(
      '<figure class="kg-card kg-gallery-card"><img class="kg-image" src="/a.jpg" loading="lazy" decoding="async"></figure>',
    );
    expect(html(body, { allowClasses: ['wordpress', 'callout'] })).toBe(
      '<figure class="wp-block-image alignwide callout"><img class="size-large" src="/a.jpg" loading="lazy" decoding="async"></figure>',
    );
    expect(html('<p class="constructor">x</p>', { allowClasses: ['constructor'] })).toBe(
      '<p class="constructor">x</p>',
    );
  });

  it('resolves relative URLs against the base, leaves #links in the article, drops what cannot resolve', () => {
    const body =
      '<a href="/about">a</a><a href="#top">t</a><img src="content/images/a.jpg" srcset="/x-1.jpg 1x, /x-2.jpg 2x"><video poster="/p.jpg"></video>';
    expect(html(body, { base: 'https://old.example/blog/post/' })).toBe(
      '<a href="https://old.example/about">a</a><a href="#user-content-top">t</a><img src="https://old.example/blog/post/content/images/a.jpg" srcset="https://old.example/x-1.jpg 1x, https://old.example/x-2.jpg 2x" loading="lazy" decoding="async"><video poster="https://old.example/p.jpg" controls=""></video>',
    );
    const lost = renderArticleHtml(body, { base: null });
    expect(lost.html).toBe(
      '<a>a</a><a href="#user-content-top">t</a><img loading="lazy" decoding="async"><video controls=""></video>',
    );
    expect(lost.warnings).toContain(
      'the relative URL "/about" was dropped: there is no base URL to resolve it',
    );
    expect(html(body)).toContain('<a href="/about">');
  });

  it("finds each article's base: a fixed URL, its blog's url or its canonical_url", () => {
    const article = { blog_id: 'b1', canonical_url: 'https://old.example/p/1/' } as Article;
    expect(articleBase(article, undefined, () => 'x')).toBeUndefined();
    expect(articleBase(article, 'https://cms.example/', () => 'x')).toBe('https://cms.example/');
    expect(articleBase(article, 'canonical', () => 'x')).toBe('https://old.example/p/1/');
    expect(
      articleBase(article, 'blog', (id) => (id === 'b1' ? 'https://blog.example/' : null)),
    ).toBe('https://blog.example/');
    expect(articleBase({ ...article, canonical_url: null }, 'canonical', () => 'x')).toBeNull();
  });

  it('runs transformHtml before the sanitiser: it can add content, never bypass the policy', () => {
    const article = {
      id: 'art_9',
      html: '<div class="image-gallery-embed" data-attrs="{&quot;src&quot;:&quot;https://e.test/g.jpg&quot;}"></div>',
    } as Article;
    const gallery = (body: string) =>
      body.replace(
        /<div class="image-gallery-embed" data-attrs="([^"]*)"><\/div>/,
        (_, attrs: string) =>
          `<img src="${JSON.parse(attrs.replaceAll('&quot;', '"')).src}" onerror="alert(1)"><script>alert(2)</script>`,
      );
    expect(html(transformedHtml(article, gallery, 'Collection "articles"'))).toBe(
      '<img src="https://e.test/g.jpg" loading="lazy" decoding="async">',
    );
    expect(() =>
      transformedHtml(
        article,
        () => {
          throw new Error('boom');
        },
        'Collection "articles"',
      ),
    ).toThrow(
      'Collection "articles": transformHtml failed on article art_9 (boom); fix the function or leave the option out.',
    );
    expect(() => transformedHtml(article, (() => undefined) as never, 'x')).toThrow(
      'it returned undefined, not a string',
    );
  });
});
