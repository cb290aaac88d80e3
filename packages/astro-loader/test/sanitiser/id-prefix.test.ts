import { describe, expect, it } from 'vitest';
import { ID_PREFIX } from '../../src/body/sanitise/attributes.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';

const render = (body: string) => renderArticleHtml(body).html;

describe('ids and names from an article cannot clobber the page', () => {
  it('prefixes every id and name with user-content-', () => {
    expect(ID_PREFIX).toBe('user-content-');
    expect(render('<img name="getElementById" src="x.png"><a id="cookie" href="/x">c</a>')).toBe(
      '<img name="user-content-getElementById" src="x.png" loading="lazy" decoding="async"><a id="user-content-cookie" href="/x">c</a>',
    );
    expect(render('<div id="main"><details name="faq"><summary>s</summary></details></div>')).toBe(
      '<div id="user-content-main"><details name="user-content-faq"><summary>s</summary></details></div>',
    );
  });

  it('rewrites links into the article to the prefixed ids, and leaves other links alone', () => {
    expect(
      render(
        '<a href="#intro">to intro</a><p id="intro">i</p><a href="/page#intro">other page</a>',
      ),
    ).toBe(
      '<a href="#user-content-intro">to intro</a><p id="user-content-intro">i</p><a href="/page#intro">other page</a>',
    );
    expect(render('<a href="#">top</a>')).toBe('<a href="#">top</a>');
  });

  it('links to a heading land on it: its id, its slug in headings and #links agree', () => {
    const { html, headings } = renderArticleHtml(
      '<p><a href="#getting-started">Start</a></p><h2>Getting started</h2><h2 id="faq">FAQ</h2><a href="#faq">faq</a>',
    );
    expect(headings.map((h) => h.slug)).toEqual([
      'user-content-getting-started',
      'user-content-faq',
    ]);
    for (const { slug } of headings) {
      expect(html).toContain(`id="${slug}"`);
      expect(html).toContain(`href="#${slug}"`);
    }
  });

  it('keeps GitHub-style footnotes working (already prefixed ids are not prefixed twice)', () => {
    const body =
      '<p>Text<sup><a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref="" aria-describedby="footnote-label">1</a></sup></p>' +
      '<section data-footnotes="" class="footnotes"><h2 id="footnote-label" class="sr-only">Footnotes</h2><ol>' +
      '<li id="user-content-fn-1"><p>Note <a href="#user-content-fnref-1" data-footnote-backref="" class="data-footnote-backref" aria-label="Back to content">↩</a></p></li></ol></section>';
    const html = render(body);
    expect(html).toBe(
      body
        .replace(
          'aria-describedby="footnote-label"',
          'aria-describedby="user-content-footnote-label"',
        )
        .replace('id="footnote-label"', 'id="user-content-footnote-label"'),
    );
  });

  it('prefixes the ids that table headers and aria attributes refer to', () => {
    expect(
      render(
        '<table><tr><th id="n">Name</th></tr><tr><td headers="n other">x</td></tr></table><p aria-labelledby="n"></p>',
      ),
    ).toBe(
      '<table><tr><th id="user-content-n">Name</th></tr><tr><td headers="user-content-n user-content-other">x</td></tr></table><p aria-labelledby="user-content-n"></p>',
    );
  });
});
