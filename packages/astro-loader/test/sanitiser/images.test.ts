import { describe, expect, it } from 'vitest';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';

const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

describe('images: lazy by default, unsized ones reported where their size goes', () => {
  it('makes every image lazy and async unless the CMS chose valid values', () => {
    const { html } = renderArticleHtml(
      '<img src="https://e.test/a.png"><img src="https://e.test/b.png" loading="EAGER" decoding="sync"><img src="https://e.test/c.png" loading="soon" decoding="x">',
    );
    expect(html).toBe(
      '<img src="https://e.test/a.png" loading="lazy" decoding="async">' +
        '<img src="https://e.test/b.png" loading="eager" decoding="sync">' +
        '<img src="https://e.test/c.png" loading="lazy" decoding="async">',
    );
  });

  it('reports each absolute image missing a dimension, with the offset of its closing >', () => {
    const { html, unsizedImages } = renderArticleHtml(
      '<h2>T</h2><p><img src="https://e.test/a.png" alt="a"> <img src="https://e.test/b.png" width="300"> <img src="https://e.test/c.png" height=" 20 "></p>' +
        '<img src="https://e.test/sized.png" width="1" height="2"><img src="/relative.png"><img src="' +
        GIF +
        '"><img src="https://e.test/pct.png" width="100%">',
    );
    expect(unsizedImages.map(({ at, ...image }) => image)).toEqual([
      { src: 'https://e.test/a.png' },
      { src: 'https://e.test/b.png', width: 300 },
      { src: 'https://e.test/c.png', height: 20 },
    ]);
    for (const image of unsizedImages) {
      expect(html[image.at]).toBe('>');
      expect(html.lastIndexOf('<img', image.at)).toBe(html.lastIndexOf(image.src, image.at) - 10);
    }
  });

  it('reports the real image of a lazy placeholder rescued from <noscript>, not the placeholder', () => {
    const { html, unsizedImages } = renderArticleHtml(
      `<p>a</p><img src="${GIF}"><noscript><img src="https://e.test/real.jpg"></noscript>`,
    );
    expect(html).toBe(
      '<p>a</p><img src="https://e.test/real.jpg" loading="lazy" decoding="async">',
    );
    expect(unsizedImages).toEqual([{ src: 'https://e.test/real.jpg', at: html.length - 1 }]);
  });

  it('reports relative images once resolved against the base, and none that were dropped', () => {
    const { unsizedImages } = renderArticleHtml('<img src="/a.png"><img src="javascript:x">', {
      base: 'https://old.example/post/',
    });
    expect(unsizedImages.map((i) => i.src)).toEqual(['https://old.example/a.png']);
  });
});
