import { describe, expect, it } from 'vitest';
import { bodyParts } from '../../src/article-body/body-parts.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';

const keys = (...names: string[]) => new Set(names);

describe("a body cut where the site's components take over", () => {
  const html = renderArticleHtml(
    '<h2>Intro</h2><p>See <a href="https://e.test/a">a <b>link</b></a>.</p><figure><img src="https://e.test/i.jpg" alt="I"><figcaption>Cap</figcaption></figure>' +
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><pre><code class="language-js">x</code></pre>',
  ).html;

  it('gives the whole body back in one piece without components, and always byte for byte', () => {
    expect(bodyParts(html, keys())).toEqual([html]);
    // The HTML around mapped elements is the body's own text, unchanged and in order.
    const parts = bodyParts(html, keys('a', 'img', 'embed'));
    const around = html.replace(/<a [^>]*>.*?<\/a>|<img [^>]*>|<iframe [^>]*><\/iframe>/g, '\0');
    expect(parts.map((p) => (typeof p === 'string' ? p : '\0')).join('')).toBe(around);
  });

  it("hands each mapped element its attributes and inner HTML; embeds by the sanitiser's own mark", () => {
    const parts = bodyParts(html, keys('a', 'img', 'embed'));
    const mapped = parts.filter((p) => typeof p !== 'string');
    expect(mapped.map((p) => [p.key, p.tag, p.inner])).toEqual([
      ['a', 'a', 'a <b>link</b>'],
      ['img', 'img', ''],
      ['embed', 'iframe', ''],
    ]);
    expect(mapped[1]?.props).toEqual({
      src: 'https://e.test/i.jpg',
      alt: 'I',
      loading: 'lazy',
      decoding: 'async',
    });
    expect(mapped[2]?.props['data-embed']).toBe('youtube');
    // An iframe is only an embed by the mark the sanitiser writes; as a tag, it is `iframe`.
    expect(bodyParts(html, keys('iframe')).filter((p) => typeof p !== 'string')).toHaveLength(1);
  });

  it('leaves nested matches in the inner HTML, for the slot to cut again', () => {
    const nested = renderArticleHtml('<blockquote><p>a <a href="/x">x</a></p></blockquote>').html;
    const [quote] = bodyParts(nested, keys('blockquote', 'a'));
    expect(quote).toMatchObject({ key: 'blockquote', inner: '<p>a <a href="/x">x</a></p>' });
  });
});
