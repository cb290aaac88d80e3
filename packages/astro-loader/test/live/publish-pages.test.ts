import { createClient } from '@content-read/core/web';
import {
  createMockServer,
  GENERATED_KEYS,
  generateDataset,
  type MockServer,
} from '@content-read/mock-server';
import { describe, expect, it } from 'vitest';
import { expireLiveListings } from '../../src/server/live/expiry.js';
import { Deadline } from '../../src/server/live/live-budget.js';
import { LiveListingCache } from '../../src/server/live/live-cache.js';

// A live listing of 12 articles in pages of 5, kept an hour, read through the real client from
// the real mock: what a publish makes its next read ask for.
function listing(resource: 'articles' | 'blogs' = 'articles') {
  const mock = createMockServer({
    dataset: generateDataset({ articles: 12, blogs: 2, privateFraction: 0, bodyBytes: 100 }),
  });
  const client = createClient({
    baseUrl: 'https://mock.test/api/v1',
    apiKey: GENERATED_KEYS.full,
    perPage: 5,
    fetch: (input, init) => mock.handle(new Request(input, init)),
  });
  const cache = new LiveListingCache<{ id: string; title?: string; name?: string }>(
    (read) => client.list(resource, read),
    { resource, freshness: 3_600_000 },
  );
  const read = async () => (await cache.read(new Deadline(60_000))).items;
  /** The listing pages the mock was asked for since the last call. */
  const asked = () => {
    const pages = mock.requests.map((r) => new URL(r.path, 'http://x').searchParams.get('page'));
    mock.resetStats();
    return pages;
  };
  return { mock, cache, read, asked };
}

const idsOf = (mock: MockServer) => mock.dataset.articles.map((a) => a.id);

describe('a live listing after a publish', () => {
  it('naming articles it holds, reads only the pages holding them', async () => {
    const { mock, cache, read, asked } = listing();
    await read();
    expect(asked()).toEqual(['1', '2', '3']);
    const [onPage2, onPage3] = [idsOf(mock)[6] as string, idsOf(mock)[11] as string];
    mock.updateArticle(onPage2, { title: 'Published on page 2' });
    mock.updateArticle(onPage3, { title: 'Published on page 3' });
    cache.expire([onPage2, onPage3]);
    const items = await read();
    expect(asked().sort()).toEqual(['2', '3']);
    expect(items.map((a) => a.id)).toEqual(idsOf(mock));
    expect(items.find((a) => a.id === onPage2)?.title).toBe('Published on page 2');
    expect(items.find((a) => a.id === onPage3)?.title).toBe('Published on page 3');
    // The pages read again are now held as they are: nothing more is asked within the hour.
    await read();
    expect(asked()).toEqual([]);
  });

  it('naming an article it does not hold (a new one), reads the whole listing', async () => {
    const { mock, cache, read, asked } = listing();
    await read();
    asked();
    const added = { ...mock.dataset.articles[0], id: 'art_9999', slug: 'added-article' };
    mock.addArticle(added as Parameters<MockServer['addArticle']>[0]);
    cache.expire(['art_9999']);
    const items = await read();
    expect(asked()).toEqual(['1', '2', '3']);
    expect(items.map((a) => a.id)).toEqual(idsOf(mock));
  });

  it('when the page read again holds other ids (a deletion shifted the pages), reads the whole listing', async () => {
    const { mock, cache, read, asked } = listing();
    await read();
    asked();
    const gone = idsOf(mock)[1] as string;
    mock.deleteArticle(gone);
    cache.expire([gone]);
    const items = await read();
    expect(asked()).toContain('2');
    expect(items.map((a) => a.id)).toEqual(idsOf(mock));
    expect(items).toHaveLength(11);
  });

  it('a publish of articles leaves a blogs listing as it is; one of blogs reads article listings whole', async () => {
    const blogs = listing('blogs');
    await blogs.read();
    blogs.asked();
    expireLiveListings({ articles: ['art_0001'] });
    await blogs.read();
    expect(blogs.asked()).toEqual([]);

    const articles = listing();
    await articles.read();
    articles.asked();
    expireLiveListings({ blogs: [articles.mock.dataset.blogs[0]?.id as string] });
    await articles.read();
    expect(articles.asked()).toEqual(['1', '2', '3']);
    // The blogs listing holds that blog: only its page is read again.
    await blogs.read();
    expect(blogs.asked()).toEqual(['1']);
  });

  it('when a page read again holds other ids than before, reads the whole listing, though the total is the same', async () => {
    const { mock, cache, read, asked } = listing();
    await read();
    asked();
    const [first] = mock.dataset.articles;
    const edited = first?.id as string;
    mock.updateArticle(edited, { title: 'Published' });
    // Meanwhile, unpublished yet, an article lands on page 1 (pushing its last one to page 2)
    // and one goes from page 3: the same total, no id on two pages, one page shifted.
    mock.addArticle({ ...first, id: `${edited}a`, slug: 'unpublished' } as Parameters<
      MockServer['addArticle']
    >[0]);
    mock.deleteArticle(idsOf(mock).at(-1) as string);
    cache.expire([edited]);
    const items = await read();
    expect(asked()).toEqual(['1', '1', '2', '3']);
    expect(items.map((a) => a.id)).toEqual(idsOf(mock));
    expect(items[0]?.title).toBe('Published');
  });
});
