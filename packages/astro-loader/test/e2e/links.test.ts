/**
 * Links between articles, on a real Astro build against the mock server: a body that links other
 * articles in each form a CMS writes (canonical URL, its blog's URL with a dated path, a path
 * relative to the blog) points at their pages on the site; a link to a private article is
 * reported and kept; when a target's slug changes, the next (incremental) sync moves the
 * link without rendering the body that holds it again; and a sync where nothing moved links
 * nothing again, and still reports the broken link. The build shows the pages render what the
 * store holds; the syncs after it read the store (a build would render the same pages again).
 */
import { AstroSite, FIXTURE_SITE, summaryOf } from '@content-read/test-support/astro-site';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ENGINEERING = 'https://northwind.engineering.example.com';

/** art_0007's body, linking four articles of the workspace and one page elsewhere. */
const BODY = [
  `<p>Read <a href="${ENGINEERING}/retries-backoff-and-the-art-of-giving-up/#jitter">retries</a>,`,
  ' <a href="https://northwind.design.example.com/2024/05/colour-contrast-and-calm/">contrast</a>,',
  ' <a href="/pagination-without-surprises">pagination</a>,',
  ` <a href="${ENGINEERING}/how-we-cut-our-build-times-in-half/">a draft</a>`,
  ' and <a href="https://example.org/elsewhere">elsewhere</a>.</p>',
].join('');

/** The hrefs of the anchors in art_0007's body, as a built page holds them. */
function hrefsOf(page: string | undefined): string[] {
  const article = /<article>([\s\S]*?)<\/article>/.exec(page ?? '')?.[1] ?? '';
  return [...article.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1] ?? '');
}

describe('links between articles', { timeout: 240_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  let site: AstroSite;
  beforeAll(async () => {
    server = await startMock();
    server.mock.updateArticle('art_0007', { html: BODY });
    site = await AstroSite.copy(FIXTURE_SITE);
  });
  afterAll(async () => {
    await server?.close();
    await site?.dispose();
  });

  const env = () =>
    site.env(
      { baseUrl: server.baseUrl, apiKey: FULL_KEY },
      { relativeTo: 'blog' },
      { FIXTURE_LINKS: '1' },
    );
  /** The hrefs of art_0007's retries link in the data store (devalue's JSON: `\"` and `\u003C`). */
  const storedRetries = async () => {
    const store = [...(await site.dataStore()).values()].join('');
    return [...store.matchAll(/href=\\"([^"\\]*)\\">retries\\u003C/g)].map((m) => m[1]);
  };

  it('point at the pages of the site, report a broken one, follow a changed slug on the next sync, and cost nothing when nothing moved', async () => {
    const first = await site.build(env());
    expect(first.code, first.output).toBe(0);
    const expected = [
      '/blogs/northwind-engineering/retries-backoff-and-the-art-of-giving-up/#user-content-jitter',
      '/blogs/northwind-design/colour-contrast-and-calm/',
      '/blogs/northwind-engineering/pagination-without-surprises/',
      `${ENGINEERING}/how-we-cut-our-build-times-in-half/`,
      'https://example.org/elsewhere',
    ];
    // <Content /> and <ArticleBody> write the same links.
    expect(hrefsOf(first.pages['articles/art_0007/index.html'])).toEqual(expected);
    expect(hrefsOf(first.pages['plain/art_0007/index.html'])).toEqual(expected);
    expect(first.output).toContain(
      `articles: article art_0007 links to no article the site publishes: ${ENGINEERING}/how-we-cut-our-build-times-in-half/ (no article the key reads: not public, or not written). Fix them in the CMS, or set brokenLinks: "unlink" to keep only their text.`,
    );
    expect(first.output).toContain('articles: 1 broken link in 1 article.');

    // The target's slug changes: its entry is made again, the linking one only linked again.
    server.mock.updateArticle('art_0018', { slug: 'retries-and-backoff' });
    expect(await storedRetries()).toEqual([expected[0]]);
    const second = await site.run('sync', env());
    expect(second.code, second.output).toBe(0);
    expect(summaryOf(second.output, 'articles')).toMatch(
      /\(0 new, 1 updated, 0 removed, 31 unchanged\)/,
    );
    expect(second.output).toContain('articles: 1 entry linked again, as what it links to moved');
    const moved = ['/blogs/northwind-engineering/retries-and-backoff/#user-content-jitter'];
    expect(await storedRetries()).toEqual(moved);

    // Nothing moved: no body is linked again, and the broken link is still reported.
    const third = await site.run('sync', env());
    expect(third.code, third.output).toBe(0);
    expect(third.output).not.toContain('linked again');
    expect(third.output).toContain('articles: 1 broken link in 1 article.');
    expect(await storedRetries()).toEqual(moved);
  });
});
