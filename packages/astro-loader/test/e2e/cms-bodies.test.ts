import { AstroSite, FIXTURE_SITE } from '@content-read/test-support/astro-site';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, describe, expect, it } from 'vitest';

// CMS HTML through a real sync and build: a Ghost embed, a lazy image, a KaTeX formula, relative
// URLs resolved against the article's blog (`relativeTo: 'blog'`), a gallery made by
// transformHtml, and a warning naming the article whose blog has no url.
describe('CMS article bodies in a built site', { timeout: 240_000 }, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('renders them as their CMS meant, with the options a migrating site sets', async () => {
    const server = await startMock();
    cleanups.push(() => server.close());
    const site = await AstroSite.copy(FIXTURE_SITE);
    cleanups.push(() => site.dispose());
    const res = await fetch(`${server.baseUrl}/articles?per_page=500`, {
      headers: { authorization: `Bearer ${FULL_KEY}` },
    });
    const articles = ((await res.json()) as { data: { id: string; blog_id: string }[] }).data;
    const [first, other] = [articles[0], articles.find((a) => a.blog_id !== articles[0]?.blog_id)];
    if (!first || !other) throw new Error('the demo dataset has articles in two blogs');
    server.mock.updateBlog(first.blog_id, { url: 'https://old-blog.example/' });
    server.mock.updateBlog(other.blog_id, { url: null });
    server.mock.updateArticle(first.id, {
      html: [
        '<figure class="kg-card kg-embed-card"><iframe width="200" height="113" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" frameborder="0" allowfullscreen title="Talk"></iframe><figcaption>The talk</figcaption></figure>',
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="https://cdn.example/real.jpg" class="lazyload">',
        '<p><a href="/2019/older-post/">older post</a> <img src="/content/images/a.jpg" alt="a"></p>',
        '<span class="katex"><span class="katex-mathml"><math><mfrac><mn>6</mn><mn>8</mn></mfrac><annotation encoding="application/x-tex">\\frac{6}{8}</annotation></math></span><span class="katex-html" aria-hidden="true">8 6</span></span>',
        '<div data-gallery="https://cdn.example/g.jpg"></div>',
      ].join('\n'),
    });
    server.mock.updateArticle(other.id, { html: '<p><a href="/relative">lost</a></p>' });

    const env = {
      ...site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY }),
      LOADER_OPTIONS: JSON.stringify({ relativeTo: 'blog', allowClasses: ['ghost'] }),
      FIXTURE_TRANSFORM: '1',
    };
    const result = await site.build(env);
    expect(result.code, result.output).toBe(0);
    const page = result.pages[`articles/${first.id}/index.html`] ?? '';
    expect(page).toContain(
      '<figure class="kg-card kg-embed-card"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Talk" width="200" height="113"',
    );
    expect(page).toContain('<figcaption>The talk</figcaption>');
    expect(page).toContain(
      '<img src="https://cdn.example/real.jpg" loading="lazy" decoding="async">',
    );
    expect(page).toContain(
      '<a href="https://old-blog.example/2019/older-post/">older post</a> <img src="https://old-blog.example/content/images/a.jpg" alt="a" loading="lazy" decoding="async">',
    );
    expect(page).toContain('<math><mfrac><mn>6</mn><mn>8</mn></mfrac>');
    expect(page).not.toContain('8 6');
    expect(page).toContain(
      '<img src="https://cdn.example/g.jpg" alt="gallery" loading="lazy" decoding="async">',
    );
    expect(page).not.toContain('alert(1)');
    expect(result.pages[`articles/${other.id}/index.html`]).toContain('<p><a>lost</a></p>');

    // <ArticleBody> without components writes what <Content /> writes, byte for byte.
    const inner = (html = '') =>
      html.slice(html.indexOf('<article>'), html.lastIndexOf('</article>'));
    for (const article of [first, other])
      expect(inner(result.pages[`plain/${article.id}/index.html`])).toBe(
        inner(result.pages[`articles/${article.id}/index.html`]),
      );
    // With components: the player as the site's facade, links shown twice, images in figures.
    const mapped = result.pages[`components/${first.id}/index.html`] ?? '';
    expect(mapped).toContain(
      '<div data-component="player" data-provider="youtube"><a href="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ">Talk</a></div><figcaption>The talk</figcaption>',
    );
    expect(mapped).not.toContain('<iframe');
    expect(mapped).toContain(
      '<a href="https://old-blog.example/2019/older-post/" data-component="twice">older post</a> (older post)',
    );
    expect(mapped).toContain(
      '<figure data-component="figure"><img alt="a" src="https://old-blog.example/content/images/a.jpg" loading="lazy" decoding="async"><figcaption>a</figcaption></figure>',
    );
    expect(result.output).toContain(
      `articles: article ${other.id}: the relative URL "/relative" was dropped: there is no base URL to resolve it`,
    );
  });
});
