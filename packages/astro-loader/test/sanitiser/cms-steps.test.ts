import { describe, expect, it } from 'vitest';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';

const render = (html: string, options = {}) => renderArticleHtml(html, options);
const html = (body: string, options = {}) => render(body, options).html;

describe('CMS steps: content is kept or linked, never silently dropped', () => {
  it('keeps the language of Rouge\'s unwrapped <pre class="highlight x"> (dev.to, Jekyll)', () => {
    expect(html('<pre class="highlight swift"><code>let a = 1\n</code></pre>')).toBe(
      '<pre><code class="language-swift">let a = 1\n</code></pre>',
    );
    // A lone `highlight` names no language, and a wrapper's other class is not one.
    expect(html('<pre class="highlight"><code>x</code></pre>')).toBe('<pre><code>x</code></pre>');
    expect(html('<div class="highlight js-code-highlight"><pre><code>x</code></pre></div>')).toBe(
      '<div><pre><code>x</code></pre></div>',
    );
  });

  it("writes a table cell's text-align style as the allowed align attribute", () => {
    expect(
      html(
        '<table><tr><th style="text-align:right">A</th><td style="color: red; text-align: Center">B</td><td style="text-align: justify">C</td><td align="left" style="text-align:right">D</td></tr></table>',
      ),
    ).toBe(
      '<table><tr><th align="right">A</th><td align="center">B</td><td>C</td><td align="left">D</td></tr></table>',
    );
    // Only on table cells.
    expect(html('<p style="text-align:right">x</p>')).toBe('<p>x</p>');
  });

  it("links a TikTok embed's video inside its blockquote, once", () => {
    const tiktok =
      '<blockquote class="tiktok-embed" cite="https://www.tiktok.com/@user/video/123" data-video-id="123"><section><a href="https://www.tiktok.com/@user">@user</a> <p>caption #tag</p></section></blockquote><script async src="https://www.tiktok.com/embed.js"></script>';
    const rendered = render(tiktok);
    expect(rendered.html).toBe(
      '<blockquote cite="https://www.tiktok.com/@user/video/123"><section><a href="https://www.tiktok.com/@user">@user</a> <p>caption #tag</p></section><a href="https://www.tiktok.com/@user/video/123">https://www.tiktok.com/@user/video/123</a></blockquote>',
    );
    expect(rendered.warnings).toEqual([]);
    // Sanitised again with its classes kept: the link is there already, not added twice.
    const all = { allowClasses: ['*'] };
    const once = html(tiktok, all);
    expect(html(once, all)).toBe(once);
    expect(once.match(/video\/123<\/a>/g)).toHaveLength(1);
    // A cite that is not http(s) is not linked.
    expect(
      html('<blockquote class="tiktok-embed" cite="javascript:alert(1)"><p>x</p></blockquote>'),
    ).toBe('<blockquote><p>x</p></blockquote>');
  });

  it("links a Tableau viz from its placeholder's params, around its static image", () => {
    const viz = (params: string, noscript = '') =>
      `<div class='tableauPlaceholder'><noscript>${noscript}</noscript><object class='tableauViz' style='display:none;'><param name='host_url' value='https%3A%2F%2Fpublic.tableau.com%2F' />${params}</object></div><script>var x = 1;</script>`;
    const image =
      "<a href='#'><img alt='Overview ' src='https:&#47;&#47;public.tableau.com&#47;static&#47;images&#47;Su&#47;Superstore&#47;Overview&#47;1_rss.png' /></a>";
    const rendered = render(viz("<param name='name' value='Superstore&#47;Overview' />", image));
    expect(rendered.html).toBe(
      '<div><a href="https://public.tableau.com/views/Superstore/Overview"><img src="https://public.tableau.com/static/images/Su/Superstore/Overview/1_rss.png" alt="Overview" loading="lazy" decoding="async"></a></div>',
    );
    expect(rendered.unsizedImages).toHaveLength(1);
    expect(html(viz("<param name='name' value='Superstore&#47;Overview' />"))).toBe(
      '<div><a href="https://public.tableau.com/views/Superstore/Overview">https://public.tableau.com/views/Superstore/Overview</a></div>',
    );
    // Nothing to link: said, not silent. A hostile name or image is not written.
    const lost = render(
      viz("<param name='name' value='\"><script>' />", "<img src='javascript:alert(1)'>"),
    );
    expect(lost.html).toBe('<div></div>');
    expect(lost.warnings).toEqual([expect.stringContaining('an embed of tableau was removed')]);
  });

  it('links a Telegram post widget to its post', () => {
    const rendered = render(
      '<script async src="https://telegram.org/js/telegram-widget.js?22" data-telegram-post="durov/43" data-width="100%"></script>',
    );
    expect(rendered.html).toBe('<a href="https://t.me/durov/43">https://t.me/durov/43</a>');
    expect(rendered.warnings).toEqual([]);
    // Not a post name: no link, and the loss is reported.
    const odd = render(
      '<script src="https://telegram.org/js/telegram-widget.js" data-telegram-post="javascript:x/1"></script>',
    );
    expect(odd.html).toBe('');
    expect(odd.warnings).toEqual([expect.stringContaining('an embed of telegram was removed')]);
  });

  it('writes the player, or a link, for a bare URL WordPress left in an embed block', () => {
    const block = (url: string) =>
      `<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\n${url}\n</div></figure>`;
    const youtube = render(block('https://www.youtube.com/watch?v=dQw4w9WgXcQ'));
    expect(youtube.embeds).toEqual([
      {
        provider: 'youtube',
        id: 'dQw4w9WgXcQ',
        url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      },
    ]);
    expect(youtube.html).toMatch(
      /^<figure><div><iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ"[^>]*><\/iframe><\/div><\/figure>$/,
    );
    expect(html(block('https://twitter.com/x/status/1?a=1&amp;b=2'))).toBe(
      '<figure><div><a href="https://twitter.com/x/status/1?a=1&amp;b=2">https://twitter.com/x/status/1?a=1&amp;b=2</a></div></figure>',
    );
    // Not one http(s) URL: the text as it was.
    expect(html(block('javascript:alert(1)'))).toBe(
      '<figure><div>\njavascript:alert(1)\n</div></figure>',
    );
    expect(html(block('see https://example.com'))).toBe(
      '<figure><div>\nsee https://example.com\n</div></figure>',
    );
    expect(html(block('<p>https://example.com</p>'))).toBe(
      '<figure><div>\n<p>https://example.com</p>\n</div></figure>',
    );
  });

  it('warns when a known embed script is removed and nothing of it is kept or linked', () => {
    expect(
      render('<script async src="https://platform.twitter.com/widgets.js"></script>').warnings,
    ).toEqual([
      'an embed of twitter was removed: its script cannot run here and the body keeps no link to it',
    ]);
    // The tweet's blockquote links the tweet: nothing was lost.
    expect(
      render(
        '<blockquote class="twitter-tweet"><p>Hi</p>— A (@a) <a href="https://twitter.com/a/status/1">May 1</a></blockquote><script async src="https://platform.twitter.com/widgets.js"></script>',
      ).warnings,
    ).toEqual([]);
    // A script of no known embed site (analytics, a library) is no loss to report.
    expect(render('<script src="https://cdn.example.com/lib.js"></script>').warnings).toEqual([]);
  });
});
