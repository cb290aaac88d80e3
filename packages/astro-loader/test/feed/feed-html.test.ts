import css from 'shiki/langs/css.mjs';
import diff from 'shiki/langs/diff.mjs';
import typescript from 'shiki/langs/typescript.mjs';
import githubDark from 'shiki/themes/github-dark.mjs';
import githubLight from 'shiki/themes/github-light.mjs';
import { describe, expect, it } from 'vitest';
import { feedHtml } from '../../src/body/feed/feed-html.js';
import { xmlText } from '../../src/body/feed/xml-text.js';
import { liveHighlighter } from '../../src/body/highlight/live-highlighter.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';
import { escapeText } from '../../src/shared/html-escape.js';
import { all, attr, elements, feedProblems, parse, squash, textOf } from './feed-dom.js';

const SITE = 'https://site.example/';
const PAGE = 'https://site.example/articles/a1/';
const options = { base: PAGE, site: SITE };

/** An article body as an entry holds it (step 2), then as a feed gives it. */
function feed(raw: string) {
  const body = renderArticleHtml(raw);
  return { body, html: feedHtml(body.html, { ...options, embeds: body.embeds }) };
}

describe('feed HTML: every URL absolute', () => {
  it("resolves relative URLs against the article's page, fragments too", () => {
    const { html } = feed(
      '<p><a href="/about">About</a> <a href="../b2/">Next</a> <a href="#setup">Setup</a>' +
        ' <a href="//cdn.example/x.pdf">PDF</a> <a href="mailto:me@example.com">Mail</a></p>' +
        '<blockquote cite="/sources/1"><p>Quote</p></blockquote>' +
        '<video src="/v.mp4" poster="poster.jpg"></video><img src="img/a.png" alt="A">',
    );
    expect(attr(html, 'a', 'href')).toEqual([
      'https://site.example/about',
      'https://site.example/articles/b2/',
      'https://site.example/articles/a1/#user-content-setup',
      'https://cdn.example/x.pdf',
      'mailto:me@example.com',
    ]);
    expect(attr(html, 'blockquote', 'cite')).toEqual(['https://site.example/sources/1']);
    expect(attr(html, 'video', 'src')).toEqual(['https://site.example/v.mp4']);
    expect(attr(html, 'video', 'poster')).toEqual(['https://site.example/articles/a1/poster.jpg']);
    expect(attr(html, 'img', 'src')).toEqual(['https://site.example/articles/a1/img/a.png']);
    expect(feedProblems(html)).toEqual([]);
  });

  it('resolves against the base given (the canonical URL, an old CMS)', () => {
    const html = feedHtml('<img src="/content/a.jpg"><a href="/p/">p</a>', {
      base: 'https://old-cms.example/blog/post/',
    });
    expect(html).toBe(
      '<img src="https://old-cms.example/content/a.jpg"><a href="https://old-cms.example/p/">p</a>',
    );
  });

  it('keeps URLs the sanitiser already made absolute as they are', () => {
    const body = renderArticleHtml('<img src="/a.png"><a href="/x">x</a>', {
      base: 'https://old-cms.example/',
    }).html;
    const html = feedHtml(body, options);
    expect(attr(html, 'img', 'src')).toEqual(['https://old-cms.example/a.png']);
    expect(attr(html, 'a', 'href')).toEqual(['https://old-cms.example/x']);
  });

  it('drops what cannot be made absolute: a link keeps its text, an image its alt text', () => {
    const html = feedHtml(
      '<p><a href="http://[bad/">kept text</a> <img src="http://[bad/x.png" alt="the alt"> <img src="https://:/x"></p>',
      options,
    );
    expect(html).toBe('<p>kept text the alt </p>');
  });

  it("never writes a URL of the site's build assets: /_image gives back its image, /_astro goes", () => {
    const html = feedHtml(
      '<img src="/_astro/hero.Bx12.webp" alt="built"><img src="https://site.example/_image?href=https%3A%2F%2Fcdn.example%2Fq.png&amp;w=800&amp;f=webp" alt="served">' +
        '<img src="/_image?href=%2Fimages%2Flocal.png&amp;w=3" alt="local"><img src="/_image?href=%2F_astro%2Fx.png" alt="hashed">' +
        '<img src="https://cdn.example/_astro/theirs.png" alt="another site">',
      options,
    );
    expect(attr(html, 'img', 'src')).toEqual([
      'https://cdn.example/q.png',
      'https://site.example/images/local.png',
      'https://cdn.example/_astro/theirs.png',
    ]);
    expect(squash(textOf(parse(html)))).toBe('builthashed');
  });

  it('throws only for a base that is not an absolute http(s) URL', () => {
    expect(() => feedHtml('<p>x</p>', { base: '/relative/' })).toThrow(TypeError);
    expect(() => feedHtml('<p>x</p>', { base: 'javascript:alert(1)' })).toThrow(TypeError);
  });
});

describe('feed HTML: images, embeds, code as a reader without the site sees them', () => {
  it('writes images as plain <img src alt width height>, lazy attributes and srcset gone', () => {
    const { body, html } = feed(
      '<figure class="kg-card"><img src="https://img.example/a.jpg" srcset="https://img.example/a-600.jpg 600w, https://img.example/a-1200.jpg 1200w" sizes="(min-width: 720px) 720px" width="1200" height="800" alt="A lake" class="kg-image" style="border:0" data-id="7" id="hero"><figcaption>At dawn</figcaption></figure>',
    );
    expect(body.html).toContain('loading="lazy"');
    expect(body.html).toContain('decoding="async"');
    expect(html).toBe(
      '<figure><img src="https://img.example/a.jpg" width="1200" height="800" alt="A lake"><figcaption>At dawn</figcaption></figure>',
    );
  });

  it('gives an image with only a srcset its widest candidate, and a picture its fallback img', () => {
    const html = feedHtml(
      '<img srcset="/s.jpg 400w, /l.jpg 1600w, /m.jpg 800w" alt="only srcset">' +
        '<picture><source srcset="https://img.example/a.avif" type="image/avif"><img src="https://img.example/a.jpg" alt="pic"></picture>' +
        '<video controls><source src="/v.webm" type="video/webm"><track src="/v.vtt" kind="captions" srclang="en"></video>',
      options,
    );
    expect(html).toBe(
      '<img alt="only srcset" src="https://site.example/l.jpg"><img src="https://img.example/a.jpg" alt="pic">' +
        '<video controls=""><source src="https://site.example/v.webm" type="video/webm"><track src="https://site.example/v.vtt" kind="captions" srclang="en"></video>',
    );
  });

  it("turns each player into a link to the embedded page, from the entry's embeds", () => {
    const { body, html } = feed(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?start=42" title="Launch talk"></iframe>' +
        '<figure><iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e"></iframe><figcaption>Vimeo</figcaption></figure>' +
        '<p>Try it: <iframe src="https://codepen.io/team/pen/abcDEF1"></iframe> live.</p>' +
        '<iframe src="https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk"></iframe>' +
        '<iframe src="https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/293"></iframe>' +
        '<iframe src="https://www.loom.com/share/0123456789abcdef0123456789abcdef"></iframe>',
    );
    expect(body.embeds.map((e) => e.provider)).toEqual([
      'youtube',
      'vimeo',
      'codepen',
      'spotify',
      'soundcloud',
      'loom',
    ]);
    expect(html).not.toContain('<iframe');
    expect(html).toBe(
      [
        '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=42s">Watch “Launch talk” on YouTube</a></p>',
        '<figure><p><a href="https://vimeo.com/76979871/8272103f6e">Watch on Vimeo</a></p><figcaption>Vimeo</figcaption></figure>',
        '<p>Try it: <a href="https://codepen.io/team/pen/abcDEF1">Open on CodePen</a> live.</p>',
        '<p><a href="https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk">Listen on Spotify</a></p>',
        '<p><a href="https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/293">Listen on SoundCloud</a></p>',
        '<p><a href="https://www.loom.com/embed/0123456789abcdef0123456789abcdef">Watch on Loom</a></p>',
      ]
        .join('')
        // Loom's player is written from its embed URL; its page is the share URL.
        .replace('www.loom.com/embed/', 'www.loom.com/share/'),
    );
  });

  it('reads the item from the player URL when the entry lists no embeds, else links the player', () => {
    const body = renderArticleHtml(
      '<iframe src="https://youtu.be/dQw4w9WgXcQ"></iframe><iframe src="https://video.example.org/videos/embed/abc-1" title="PeerTube talk"></iframe>',
      {
        embedProviders: [
          {
            name: 'peertube',
            hosts: ['video.example.org'],
            match: /^\/videos\/(?:watch|embed)\/(?<id>[\w-]{1,64})/,
            src: 'https://video.example.org/videos/embed/{id}',
            title: 'PeerTube video',
            sandbox: 'allow-scripts allow-same-origin',
            allow: 'fullscreen',
            size: [560, 315],
          },
        ],
      },
    );
    expect(body.embeds).toHaveLength(1);
    const html = feedHtml(body.html, options); // no embeds given: a live entry without them
    // YouTube is not among this site's providers: the sanitiser wrote a link already.
    expect(html).toBe(
      '<a href="https://youtu.be/dQw4w9WgXcQ">https://youtu.be/dQw4w9WgXcQ</a>' +
        '<p><a href="https://video.example.org/videos/embed/abc-1">PeerTube talk</a></p>',
    );
    const youtube = feedHtml(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube video player" data-embed="youtube"></iframe>',
      options,
    );
    expect(youtube).toBe(
      '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Watch on YouTube</a></p>',
    );
  });

  it('writes an embed inside a link as its label alone (no link in a link)', () => {
    const html = feedHtml(
      '<a href="/watch"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" data-embed="youtube"></iframe></a>',
      options,
    );
    expect(html).toBe('<a href="https://site.example/watch">Watch on YouTube</a>');
  });

  it('writes a Shiki block as <pre><code class="language-x"> with its text exactly', async () => {
    const highlighter = await liveHighlighter({
      themes: { light: githubLight, dark: githubDark },
      langs: [typescript, css, diff],
      wrap: true,
    }).load(() => {});
    const codes = {
      ts: 'const a = 1 < 2 && "x" !== \'y\';\n// ünïcödé → 😀\n\tif (a) {\n    console.log(a);\n  }\n',
      css: 'a:hover > b::after {\n  content: "</style>";\n}',
      diff: '- old line\n+ new line\n  same',
      unknownlang: 'plain <b>text</b> & more',
    };
    const source = Object.entries(codes)
      .map(([lang, code]) => `<pre><code class="language-${lang}">${escapeText(code)}</code></pre>`)
      .join('<p>between</p>');
    const sanitised = renderArticleHtml(source).html;
    const highlighted = await highlighter.body(sanitised, 'test');
    // Shiki's form: spans, styles, classes, tabindex, data-language.
    expect(highlighted).toContain('class="astro-code');
    expect(highlighted).toContain('tabindex="0"');
    expect(highlighted).toContain('data-language="ts"');
    expect(highlighted).toContain('<span style="');
    expect(highlighted).toContain('user-select: none'); // the diff's sign
    const html = feedHtml(highlighted, options);
    const blocks = all(html).filter((e) => e.name === 'pre');
    const before = all(highlighted).filter((e) => e.name === 'pre');
    expect(blocks).toHaveLength(4);
    for (const [i, [lang, code]] of Object.entries(codes).entries()) {
      const pre = blocks[i];
      expect(pre?.attribs).toEqual({});
      const [child, ...rest] = pre?.children ?? [];
      expect(rest).toEqual([]);
      expect(child && 'name' in child ? child.name : undefined).toBe('code');
      const codeElement = elements(pre?.children ?? [])[0];
      expect(codeElement?.attribs).toEqual({
        class: `language-${lang === 'unknownlang' ? 'plaintext' : lang}`,
      });
      expect(elements(codeElement?.children ?? [])).toEqual([]); // text only
      // The block's text is the code, less the last newline (as Markdown writes a fence).
      expect(textOf(pre?.children ?? [])).toBe(code.replace(/\n$/, ''));
      expect(textOf(pre?.children ?? [])).toBe(textOf(before[i]?.children ?? []));
    }
    expect(html).toContain(`<pre><code class="language-css">${escapeText(codes.css)}</code></pre>`);
  });

  it('keeps a plain block, its language, and inline code', () => {
    expect(
      feedHtml(
        '<pre class="highlight" data-language="rust"><code>fn main() {}</code></pre><p>Run <code class="x">cargo</code>.</p><pre>no code<br>element</pre>',
        options,
      ),
    ).toBe(
      '<pre><code class="language-rust">fn main() {}</code></pre><p>Run <code>cargo</code>.</p><pre>no code\nelement</pre>',
    );
  });
});

describe('feed HTML: no noise, nothing unsafe', () => {
  it('drops data-*, class, style, id, tabindex, aria-*, target and rel', () => {
    const { body, html } = feed(
      '<h2 id="intro" class="title">Intro</h2><p class="lead" style="color:red" data-track="x" tabindex="0" aria-hidden="false">' +
        '<a href="https://x.example/" target="_blank" rel="nofollow" class="btn" data-x="1" title="X">x</a><sup class="footnote-ref"><a href="#fn1" id="ref1">1</a></sup></p>' +
        '<table><thead><tr><th style="text-align: right" scope="col">N</th></tr></thead><tbody><tr><td colspan="2" rowspan="1" class="c">1</td></tr></tbody></table>' +
        '<ol start="3" reversed class="x"><li>three</li></ol><ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" disabled checked> done</li><li class="task-list-item"><input type="checkbox" disabled> todo</li></ul>' +
        '<p><time datetime="2025-01-02">2 Jan</time> <abbr title="HyperText">HTML</abbr> <span class="x">span</span> <del datetime="2025-01-01" cite="/why">old</del></p>' +
        '<math display="block" class="katex-mathml" id="m"><semantics><mrow><mi mathvariant="normal">x</mi></mrow><annotation encoding="application/x-tex">x</annotation></semantics></math>',
    );
    expect(body.html).toMatch(/class=|id=|aria-hidden|rel=/);
    expect(html).toBe(
      '<h2>Intro</h2><p><a href="https://x.example/" title="X">x</a><sup><a href="https://site.example/articles/a1/#user-content-fn1">1</a></sup></p>' +
        '<table><thead><tr><th scope="col" align="right">N</th></tr></thead><tbody><tr><td colspan="2" rowspan="1">1</td></tr></tbody></table>' +
        '<ol start="3" reversed=""><li>three</li></ol><ul><li>☑ done</li><li>☐ todo</li></ul>' +
        '<p><time datetime="2025-01-02">2 Jan</time> <abbr title="HyperText">HTML</abbr> span <del datetime="2025-01-01" cite="https://site.example/why">old</del></p>' +
        '<math display="block"><semantics><mrow><mi mathvariant="normal">x</mi></mrow><annotation encoding="application/x-tex">x</annotation></semantics></math>',
    );
    expect(feedProblems(html)).toEqual([]);
  });

  it('writes no script, handler or javascript: URL, whatever it is given', () => {
    const html = feedHtml(
      '<a href="javascript:alert(1)" onclick="x()">j</a><a href=" JaVa&#x09;ScRiPt:alert(1)">k</a><img src=x onerror=alert(1)>' +
        '<script>alert(1)</script><style>*{}</style><iframe src="javascript:alert(1)"></iframe><object data="x.swf"></object>' +
        '<a href="data:text/html,<script>alert(1)</script>">d</a><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="svg">' +
        '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">b</button></form><p style="background:url(javascript:alert(1))">s</p>' +
        '<math><mi href="javascript:alert(1)">m</mi></math><svg onload=alert(1)><p>after svg</p></svg><p>end</p>',
      options,
    );
    expect(feedProblems(html)).toEqual([]);
    expect(html).toBe(
      'jk<img src="https://site.example/articles/a1/x">dsvgb<p>s</p><math><mi>m</mi></math><p>end</p>',
    );
  });

  it('removes characters XML does not allow, and keeps every other', () => {
    expect(xmlText('a\u0000b\u0008c\u000bd\u001fe\ufffef\t\n\r 😀 \ud800 \udc00 é')).toBe(
      'abcdef\t\n\r 😀   é',
    );
    expect(feedHtml('<p title="t\u0001">x\u0002y</p>', options)).toBe('<p title="t">xy</p>');
  });

  it('is balanced and stable: feeding its own output again changes nothing', () => {
    for (const raw of [
      '<p>unclosed <div ',
      '<ul><li>a<li>b</ul><p>p<p>q',
      '<table><td>cell outside a row</table><td>no table</td>',
      '<pre><code class="language-js">a\n</code><code>second</code></pre>',
      '<p><em><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></em></p>',
    ]) {
      const once = feedHtml(renderArticleHtml(raw).html, options);
      expect(feedHtml(once, options), raw).toBe(once);
      expect(feedProblems(once), raw).toEqual([]);
    }
  });
});
