import { describe, expect, it } from 'vitest';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';

const render = (body: string, allowClasses?: string[]) =>
  renderArticleHtml(body, { allowClasses }).html;

describe('class policy', () => {
  it('drops classes that could take over or restyle the page', () => {
    expect(render('<div class="fixed inset-0 z-50"><p class="btn btn-primary">x</p></div>')).toBe(
      '<div><p>x</p></div>',
    );
  });

  it('keeps the classes content needs: code languages, task lists, footnotes', () => {
    const body =
      '<pre class="language-ts"><code class="language-ts hljs">x</code></pre>' +
      '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" disabled> t</li></ul>' +
      '<p>a<sup class="footnote-ref"><a href="#fn1">1</a></sup></p><hr class="footnotes-sep"><section class="footnotes"><ol><li class="footnote-item">n <a href="#fnref1" class="footnote-backref">↩</a></li></ol></section>';
    expect(render(body)).toBe(
      '<pre class="language-ts"><code class="language-ts">x</code></pre>' +
        '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" disabled class="task-list-item-checkbox"> t</li></ul>' +
        '<p>a<sup class="footnote-ref"><a href="#user-content-fn1">1</a></sup></p><hr class="footnotes-sep"><section class="footnotes"><ol><li class="footnote-item">n <a href="#user-content-fnref1" class="footnote-backref">↩</a></li></ol></section>',
    );
  });

  it('keeps content classes only where they belong', () => {
    expect(render('<div class="language-js task-list-item footnotes">x</div>')).toBe(
      '<div>x</div>',
    );
  });

  it('allowClasses keeps more: names, and prefixes ending in *', () => {
    const body = '<div class="callout note-warning fixed"><p class="note">x</p></div>';
    expect(render(body, ['callout', 'note-*'])).toBe(
      '<div class="callout note-warning"><p>x</p></div>',
    );
    expect(render(body, ['*'])).toBe(
      '<div class="callout note-warning fixed"><p class="note">x</p></div>',
    );
  });
});
