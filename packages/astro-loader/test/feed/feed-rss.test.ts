/**
 * A real RSS document from feedItems(): written by `@astrojs/rss` (fast-xml-parser inside), read
 * back by rss-parser, an independent reader (xml2js on sax, strict XML: a document that is not
 * well formed is refused), and checked against RSS 2.0's rules.
 */
import { getRssString } from '@astrojs/rss';
import Parser from 'rss-parser';
import css from 'shiki/langs/css.mjs';
import typescript from 'shiki/langs/typescript.mjs';
import githubDark from 'shiki/themes/github-dark.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { feedHtml } from '../../src/body/feed/feed-html.js';
import { feedItems, feedNamespaces } from '../../src/body/feed/feed-items.js';
import { liveHighlighter } from '../../src/body/highlight/live-highlighter.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';
import type { ArticleData } from '../../src/shared/entries/schema.js';
import { all, feedProblems, textOf } from './feed-dom.js';

const SITE = 'https://blog.example/';

interface Fake {
  id: string;
  html: string;
  data: Partial<ArticleData> & { title: string; publishedAt: Date };
  relativeTo?: string;
}

/** Articles as a CMS writes them: Ghost cards, WordPress embeds, Markdown code, odd text. */
const FAKES: Fake[] = [
  {
    id: 'ghost-launch',
    html:
      '<p>We launched <strong>today</strong> — read <a href="/docs/">the docs</a>.</p>' +
      '<figure class="kg-card kg-image-card"><img src="/content/images/2025/03/launch.png" class="kg-image" alt="The launch" loading="lazy" width="2000" height="1000" srcset="/content/images/size/w600/2025/03/launch.png 600w, /content/images/2025/03/launch.png 2000w"><figcaption>Launch day</figcaption></figure>' +
      '<figure class="kg-card kg-embed-card"><iframe width="200" height="113" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" frameborder="0" allowfullscreen title="Launch video"></iframe></figure>',
    relativeTo: 'https://old-cms.example/',
    data: {
      title: 'We launched & it went well',
      excerpt: 'The launch, in pictures and video.',
      authors: [
        { name: 'Ada Lovelace', slug: 'ada' },
        { name: 'Grace "Amazing" Hopper', slug: 'grace' },
      ],
      tags: ['news', 'launch & release'],
      featureImage: {
        url: 'https://img.example/launch.jpg?w=1200&fm=jpg',
        alt: 'Confetti <3',
        width: 1200,
        height: 630,
      },
      canonicalUrl: 'https://old-cms.example/launch/',
      publishedAt: new Date('2025-03-04T09:30:00Z'),
    },
  },
  {
    id: 'wp-code',
    html:
      '<h2 id="setup">Setup</h2><pre class="wp-block-code"><code class="language-ts">const answer: number = 42;\nif (answer &lt; 50 &amp;&amp; answer &gt; 0) console.log("&lt;ok&gt;");</code></pre>' +
      '<pre><code class="language-css">a::after { content: "]]&gt;"; }</code></pre>' +
      '<p>See <a href="#setup">setup</a>. Tabs\tand CDATA end ]]&gt; in text.</p>' +
      '<figure class="wp-block-embed is-provider-vimeo"><div class="wp-block-embed__wrapper"><iframe src="https://player.vimeo.com/video/76979871" width="640" height="360"></iframe></div></figure>',
    data: {
      title: '42',
      excerpt: null,
      authors: [{ name: 'Linus', slug: 'linus' }],
      tags: [],
      featureImage: { url: '/content/images/code.png', alt: null, width: null, height: null },
      canonicalUrl: null,
      publishedAt: new Date('2025-02-01T00:00:00Z'),
    },
  },
  {
    id: 'unicode',
    html: '<p>Ünïcödé 😀 — “quotes” &amp; ampersands &lt;tags&gt; and a <a href="mailto:hi@example.com">mail</a>.</p><table><tr><td style="text-align:center">cell</td></tr></table>',
    data: {
      title: 'Ünïcödé 😀 <b>not bold</b>',
      excerpt: 'Excerpt with <markup> & "quotes"',
      authors: [],
      tags: ['ü'],
      featureImage: null,
      publishedAt: new Date('2024-12-31T23:59:59Z'),
    },
  },
  {
    id: 'hostile',
    html: '<p onclick="alert(1)">Hi<script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">js</a></p>',
    data: {
      title: 'Hostile body',
      excerpt: 'Nothing runs',
      authors: [{ name: 'Mallory', slug: 'm' }],
      tags: [],
      featureImage: { url: 'javascript:alert(1)', alt: 'x', width: 1, height: 1 },
      publishedAt: new Date('2025-01-15T12:00:00Z'),
    },
  },
];

type Entry = { id: string; data: ArticleData; rendered: { html: string } };

async function entries(): Promise<Entry[]> {
  const highlighter = await liveHighlighter({
    theme: githubDark,
    langs: [typescript, css],
  }).load(() => {});
  return Promise.all(
    FAKES.map(async (fake) => {
      const body = renderArticleHtml(fake.html, { base: fake.relativeTo });
      const html = await highlighter.body(body.html, fake.id);
      const data: ArticleData = {
        articleId: fake.id,
        blog: { collection: 'blogs', id: 'b1' },
        slug: fake.id,
        excerpt: null,
        authors: [],
        tags: [],
        featureImage: null,
        canonicalUrl: null,
        readingTime: 1,
        updatedAt: fake.data.publishedAt,
        embeds: body.embeds,
        ...fake.data,
      };
      return { id: fake.id, data, rendered: { html } };
    }),
  );
}

interface Item {
  creators?: string[];
  media?: { $: Record<string, string>; 'media:description'?: string[] }[];
  'content:encoded'?: string;
}

const reader = new Parser<Record<string, unknown>, Item>({
  customFields: {
    item: [
      ['dc:creator', 'creators', { keepArray: true }],
      ['media:content', 'media', { keepArray: true }],
    ],
  },
});

const RFC_822 =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

const absoluteHttp = (url: string | undefined) => {
  try {
    const parsed = new URL(url ?? '');
    return /^https?:$/.test(parsed.protocol) && parsed.href === url;
  } catch {
    return false;
  }
};

describe('an RSS feed of feedItems(), read by an independent parser', () => {
  let made: Entry[];
  let xml: string;
  const rss = (items: ReturnType<typeof feedItems>) =>
    getRssString({
      title: 'The Example Blog',
      description: 'Posts from the example blog',
      site: SITE,
      items,
      xmlns: feedNamespaces,
    });
  const items = () => feedItems(made, { site: new URL(SITE), link: (e) => `/articles/${e.id}/` });

  beforeAll(async () => {
    made = await entries();
    xml = await rss(items());
  });

  it('the reader is strict: XML that is not well formed is refused', async () => {
    await expect(
      reader.parseString('<rss version="2.0"><channel><title>a & b</title></channel></rss>'),
    ).rejects.toThrow();
    await expect(
      reader.parseString(
        '<rss version="2.0"><channel><title>t</title><item><dc:creator>x</dc:creator></item></channel></rss>'.replace(
          '<dc:creator>x</dc:creator>',
          '<dc:creator>x</media:content>',
        ),
      ),
    ).rejects.toThrow();
  });

  it('has the channel RSS 2.0 requires, and the namespaces its items use', async () => {
    const feed = await reader.parseString(xml);
    expect(feed.title).toBe('The Example Blog');
    expect(feed.description).toBe('Posts from the example blog');
    expect(feed.link).toBe(SITE);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><rss version="2.0"/);
    for (const [prefix, uri] of Object.entries({
      ...feedNamespaces,
      content: 'http://purl.org/rss/1.0/modules/content/',
    }))
      expect(xml).toContain(`xmlns:${prefix}="${uri}"`);
    expect(feed.items).toHaveLength(FAKES.length);
  });

  it('gives each item a title, an absolute link, a unique stable guid, an RFC 822 pubDate', async () => {
    const feed = await reader.parseString(xml);
    const byDate = [...FAKES].sort(
      (a, b) => b.data.publishedAt.getTime() - a.data.publishedAt.getTime(),
    );
    expect(feed.items.map((i) => i.title)).toEqual(byDate.map((f) => f.data.title));
    for (const [i, item] of feed.items.entries()) {
      const fake = byDate[i];
      expect(item.title || item.contentSnippet).toBeTruthy();
      expect(item.link).toBe(`${SITE}articles/${fake?.id}/`);
      expect(item.guid).toBe(item.link);
      expect(item.pubDate).toMatch(RFC_822);
      expect(new Date(item.pubDate ?? '').getTime()).toBe(fake?.data.publishedAt.getTime());
    }
    const guids = feed.items.map((i) => i.guid);
    expect(new Set(guids).size).toBe(guids.length);
    // Same input, same document: the guids are stable.
    const again = await reader.parseString(await rss(items()));
    expect(again.items.map((i) => i.guid)).toEqual(guids);
    expect(await rss(items())).toBe(xml);
  });

  it('carries the excerpt, tags, authors and feature image as written', async () => {
    const feed = await reader.parseString(xml);
    const item = (id: string) => {
      const found = feed.items.find((i) => i.link === `${SITE}articles/${id}/`);
      if (!found) throw new Error(`no item ${id}`);
      return found;
    };
    const launch = item('ghost-launch');
    expect(launch.title).toBe('We launched & it went well');
    expect(launch.contentSnippet).toBeDefined();
    expect(launch.categories).toEqual(['news', 'launch & release']);
    expect(launch.creators).toEqual(['Ada Lovelace', 'Grace "Amazing" Hopper']);
    expect(launch.media).toEqual([
      {
        $: {
          url: 'https://img.example/launch.jpg?w=1200&fm=jpg',
          medium: 'image',
          width: '1200',
          height: '630',
        },
        'media:description': [{ _: 'Confetti <3', $: { type: 'plain' } }],
      },
    ]);
    // No size or alt known: the image alone, its URL resolved against the item's page.
    expect(item('wp-code').media).toEqual([
      { $: { url: `${SITE}content/images/code.png`, medium: 'image' } },
    ]);
    expect(item('unicode').title).toBe('Ünïcödé 😀 <b>not bold</b>');
    expect(item('unicode').categories).toEqual(['ü']);
    expect(item('unicode').creators).toBeUndefined();
    // A feature image with no http(s) URL is left out.
    expect(item('hostile').media).toBeUndefined();
    // RSS's `author` is an email address, which the API does not have.
    expect(xml).not.toContain('<author>');
    // Nor an enclosure: its length is required, and unknown.
    expect(xml).not.toContain('<enclosure');
  });

  it('carries the body in content:encoded, well formed, exactly as feedItems() gave it', async () => {
    const feed = await reader.parseString(xml);
    const given = new Map(items().map((i) => [i.link, i.content]));
    for (const item of feed.items) {
      const content = item['content:encoded'];
      expect(content).toBe(given.get(item.link ?? ''));
      if (!content) throw new Error('no content');
      expect(feedProblems(content), item.link).toEqual([]);
      // Read again, it is what it was: balanced, nothing for the feed step to change.
      const base = item.link ?? SITE;
      expect(feedHtml(content, { base, site: SITE })).toBe(content);
      for (const element of all(content))
        for (const name of ['href', 'src'])
          if (element.attribs[name] && !element.attribs[name].startsWith('mailto:'))
            expect(absoluteHttp(element.attribs[name]), element.attribs[name]).toBe(true);
    }
    const body = (id: string) => given.get(`${SITE}articles/${id}/`) ?? '';
    // Relative URLs made absolute against the old CMS (relativeTo) or the page.
    expect(body('ghost-launch')).toContain(
      '<img src="https://old-cms.example/content/images/2025/03/launch.png" alt="The launch" width="2000" height="1000">',
    );
    expect(body('ghost-launch')).toContain(
      '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Watch “Launch video” on YouTube</a>',
    );
    expect(body('wp-code')).toContain(`<a href="${SITE}articles/wp-code/#user-content-setup">`);
    expect(body('wp-code')).toContain('<a href="https://vimeo.com/76979871">Watch on Vimeo</a>');
    // Highlighted code read back as its text, in a plain block.
    const code = all(body('wp-code')).filter((e) => e.name === 'code');
    expect(code.map((c) => [c.attribs.class, textOf(c.children)])).toEqual([
      [
        'language-ts',
        'const answer: number = 42;\nif (answer < 50 && answer > 0) console.log("<ok>");',
      ],
      ['language-css', 'a::after { content: "]]>"; }'],
    ]);
    expect(body('hostile')).toBe('<p>Hi<img src="https://blog.example/articles/hostile/x">js</p>');
  });
});
