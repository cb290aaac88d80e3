import { type StartedMock, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createImageSizer } from '../../src/body/images/image-sizes.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';

/** A collection's meta store, as Astro keeps it between syncs. */
function metaStore() {
  const map = new Map<string, string>();
  return {
    get: (key: string) => map.get(key),
    set: (key: string, value: string) => void map.set(key, value),
    has: (key: string) => map.has(key),
    delete: (key: string) => void map.delete(key),
  };
}

describe('authorised images get their missing size, measured once', () => {
  let server: StartedMock;
  let origin: string;
  beforeAll(async () => {
    server = await startMock();
    origin = new URL(server.baseUrl).origin;
  });
  afterAll(() => server.close());
  beforeEach(() => server.mock.resetStats());

  const sized = async (body: string, meta = metaStore(), domains = ['127.0.0.1']) => {
    const warnings: string[] = [];
    const sizer = createImageSizer({ meta }, { domains }, (m) => warnings.push(m));
    const { html, unsizedImages } = renderArticleHtml(body);
    const out = (await sizer?.sized(html, unsizedImages, 'articles: article art_9')) ?? html;
    return { out, warnings };
  };

  it('writes the measured width and height in, and keeps a given one with its aspect ratio', async () => {
    const { out, warnings } = await sized(
      `<img src="${origin}/images/a/300x200.png" alt="a"><img src="${origin}/images/b/640x480.png" width="320"><img src="${origin}/images/c/100x50.png" height="10"><img src="${origin}/images/d/9x9.png" width="5" height="5">`,
    );
    expect(warnings).toEqual([]);
    expect(out).toBe(
      `<img src="${origin}/images/a/300x200.png" alt="a" loading="lazy" decoding="async" width="300" height="200">` +
        `<img src="${origin}/images/b/640x480.png" width="320" loading="lazy" decoding="async" height="240">` +
        `<img src="${origin}/images/c/100x50.png" height="10" loading="lazy" decoding="async" width="20">` +
        `<img src="${origin}/images/d/9x9.png" width="5" height="5" loading="lazy" decoding="async">`,
    );
    // Each image read once, and the sized one not at all.
    expect([...server.mock.imageRequests].sort()).toEqual([
      '/images/a/300x200.png',
      '/images/b/640x480.png',
      '/images/c/100x50.png',
    ]);
  });

  it('reads a size remembered by an earlier sync instead of fetching the image again', async () => {
    const meta = metaStore();
    const body = `<p><img src="${origin}/images/again/120x80.png"></p><img src="${origin}/images/again/120x80.png">`;
    const first = await sized(body, meta);
    expect(server.mock.imageRequests).toEqual(['/images/again/120x80.png']);
    const second = await sized(body, meta);
    expect(second.out).toBe(first.out);
    expect(second.out.match(/width="120" height="80"/g)).toHaveLength(2);
    expect(server.mock.imageRequests).toHaveLength(1);
  });

  it('never fetches an image whose host the site does not authorise', async () => {
    const unauthorised = `http://localhost:${server.port}/images/u/50x50.png`;
    const { out } = await sized(`<img src="${unauthorised}">`);
    expect(out).toBe(`<img src="${unauthorised}" loading="lazy" decoding="async">`);
    expect(server.mock.imageRequests).toEqual([]);
  });

  it('leaves an image it cannot measure unsized, with one warning naming the article and URL', async () => {
    const broken = `${origin}/images/not-an-image`;
    const { out, warnings } = await sized(`<img src="${broken}"><img src="${broken}">`);
    expect(out).toBe(`<img src="${broken}" loading="lazy" decoding="async">`.repeat(2));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^articles: article art_9: the size of image http:\/\/127\.0\.0\.1:\d+\/images\/not-an-image could not be read \(.+\); it is shown without width and height\. Check that/,
    );
  });

  it('is not needed when the site authorises no remote image', () => {
    expect(createImageSizer({ meta: metaStore() }, { domains: [] }, () => {})).toBeUndefined();
    expect(createImageSizer({ meta: metaStore() }, undefined, () => {})).toBeUndefined();
  });
});
