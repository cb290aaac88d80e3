// The placeholder origin: datasets name the mock's images by http://content-read-mock.invalid,
// rewritten once to the mock's real origin before it answers anything.
import { describe, expect, it } from 'vitest';
import {
  createMockServer,
  type Dataset,
  defaultDataset,
  generateDataset,
  validateDataset,
} from '../../src/index.js';
import { imageUrlsOf } from '../images.js';
import { FULL } from '../support.js';

const PLACEHOLDER = 'http://content-read-mock.invalid';
const IMAGE = /^http:\/\/content-read-mock\.invalid\/images\/[a-z0-9-]{1,64}\/\d+x\d+\.png$/;

async function articlesOf(res: Response) {
  return ((await res.json()) as { data: { id: string; html: string; feature_image: null }[] }).data;
}

/** A small dataset of one's own that names the placeholder in several places. */
function ownDataset(): Dataset {
  const base = defaultDataset();
  const [article] = base.articles;
  if (!article) throw new Error('no article');
  return {
    ...base,
    blogs: base.blogs.map((b, i) => (i === 0 ? { ...b, url: `${PLACEHOLDER}/blog/` } : b)),
    articles: [
      {
        ...article,
        html: `<p><img src="${PLACEHOLDER}/images/mine/10x10.png"> <a href="http://content-read-mock.invalid.example.com/x">not it</a> <a href="${PLACEHOLDER}">home</a></p>`,
        feature_image: {
          url: `${PLACEHOLDER}/images/cover/12x6.png`,
          alt: null,
          width: 12,
          height: 6,
        },
        canonical_url: `${PLACEHOLDER}/a/`,
        extra_field: { nested: [`${PLACEHOLDER}/deep`] },
      },
    ],
  };
}

describe('the placeholder origin', () => {
  it('the built-in and generated datasets name their images by it, and validate', () => {
    const demo = defaultDataset();
    const urls = demo.articles.flatMap(imageUrlsOf);
    expect(urls.length).toBeGreaterThan(50);
    for (const url of urls) expect(url).toMatch(IMAGE);
    expect(JSON.stringify(demo)).not.toContain('picsum');
    const generated = generateDataset({ seed: 2, articles: 20 });
    for (const a of generated.articles) expect(a.feature_image?.url).toMatch(IMAGE);
    expect(() => validateDataset(demo)).not.toThrow();
    expect(() => validateDataset(generated)).not.toThrow();
  });

  it('is kept until the origin is known, then rewritten everywhere in blogs and articles', async () => {
    const mock = createMockServer({ dataset: ownDataset() });
    expect(mock.origin).toBeUndefined();
    expect(mock.dataset.articles[0]?.feature_image?.url).toBe(
      `${PLACEHOLDER}/images/cover/12x6.png`,
    );
    const running = await mock.listen();
    try {
      const origin = new URL(running.baseUrl).origin;
      expect(mock.origin).toBe(origin);
      const [article] = mock.dataset.articles;
      expect(article?.html).toBe(
        `<p><img src="${origin}/images/mine/10x10.png"> <a href="http://content-read-mock.invalid.example.com/x">not it</a> <a href="${origin}">home</a></p>`,
      );
      expect(article?.feature_image?.url).toBe(`${origin}/images/cover/12x6.png`);
      expect(article?.canonical_url).toBe(`${origin}/a/`);
      expect(article?.extra_field).toEqual({ nested: [`${origin}/deep`] });
      expect(mock.dataset.blogs[0]?.url).toBe(`${origin}/blog/`);
    } finally {
      await running.close();
    }
  });

  it('handle(): the first request’s origin, before it is answered; later origins change nothing', async () => {
    const mock = createMockServer();
    const first = await mock.handle(
      new Request('http://first.test/api/v1/articles?per_page=100', {
        headers: { authorization: `Bearer ${FULL}` },
      }),
    );
    const text = await first.text();
    expect(text).not.toContain(PLACEHOLDER);
    expect(text).toContain('http://first.test/images/');
    expect(mock.origin).toBe('http://first.test');
    await mock.handle(new Request('http://second.test/api/v1'));
    const running = await mock.listen();
    await running.close();
    expect(mock.origin).toBe('http://first.test');
    expect(JSON.stringify(mock.dataset.articles)).not.toContain('second.test');
  });

  it('keeps edits made before it and publishes nothing for the rewrite', async () => {
    const lines: string[] = [];
    const mock = createMockServer({
      log: (line) => lines.push(line),
      publishWebhook: { url: 'http://127.0.0.1:9/_content-read/publish', secret: 's' },
    });
    mock.updateArticle('art_0002', {
      title: 'Edited before listening',
      html: `<p><img src="${PLACEHOLDER}/images/edited/4x4.png"></p>`,
    });
    const running = await mock.listen();
    try {
      await mock.published();
      expect(lines.filter((l) => l.startsWith('publish '))).toHaveLength(1);
      const origin = new URL(running.baseUrl).origin;
      const article = mock.dataset.articles.find((a) => a.id === 'art_0002');
      expect(article?.title).toBe('Edited before listening');
      expect(article?.html).toBe(`<p><img src="${origin}/images/edited/4x4.png"></p>`);
    } finally {
      await running.close();
    }
  });

  it('rewrites records added or edited after it', () => {
    const mock = createMockServer({ origin: 'http://mock.test' });
    const edited = mock.updateArticle('art_0002', {
      html: `<img src="${PLACEHOLDER}/images/later/3x3.png">`,
    });
    expect(edited.html).toBe('<img src="http://mock.test/images/later/3x3.png">');
    const [first] = defaultDataset().articles;
    if (!first) throw new Error('no article');
    const added = mock.addArticle({ ...first, id: 'art_9999', slug: 'added-later' });
    expect(added.feature_image?.url).toMatch(/^http:\/\/mock\.test\/images\//);
    const blog = mock.updateBlog('blog_01', { url: `${PLACEHOLDER}/engineering/` });
    expect(blog.url).toBe('http://mock.test/engineering/');
  });

  it('createMockServer({ origin }) fixes it at once; listen() keeps it', async () => {
    const mock = createMockServer({ origin: 'http://localhost:4010/ignored/path' });
    expect(mock.origin).toBe('http://localhost:4010');
    expect(mock.dataset.articles[0]?.feature_image?.url).toMatch(
      /^http:\/\/localhost:4010\/images\//,
    );
    const running = await mock.listen();
    await running.close();
    expect(mock.origin).toBe('http://localhost:4010');
    expect(() => createMockServer({ origin: 'not a url' })).toThrow(/origin/);
    expect(() => createMockServer({ origin: 'ftp://x.test' })).toThrow(/http or https/);
  });

  it('list pages and ETags follow the origin: the same origin gives the same bytes', async () => {
    const page = async (origin: string) => {
      const mock = createMockServer({ origin });
      const res = await mock.handle(
        new Request(`${origin}/api/v1/articles`, { headers: { authorization: `Bearer ${FULL}` } }),
      );
      return { etag: res.headers.get('etag'), articles: await articlesOf(res) };
    };
    const a = await page('http://a.test');
    const again = await page('http://a.test');
    const b = await page('http://b.test');
    expect(again).toEqual(a);
    expect(b.etag).not.toBe(a.etag);
    expect(b.articles.map((x) => x.id)).toEqual(a.articles.map((x) => x.id));
  });
});
