/**
 * What `content-read doctor --links` lists (findBrokenLinks, the loader's `./doctor` entry),
 * against the real mock server's demo dataset, and held to what a sync of articlesLoader warns
 * with the same options: the doctor finds a site's broken links with the site's own code.
 */
import { type ContentReadClient, createClient } from '@content-read/core';
import { type StartedMock, startMock } from '@content-read/test-support/mock-server';
import type { LoaderContext } from 'astro/loaders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBrokenLinks } from '../../src/doctor.js';
import { articlesLoader } from '../../src/index.js';

const KEY = 'demo-full-access-key';
const ENGINEERING = 'https://northwind.engineering.example.com';
const UNKNOWN = 'no article the key reads: not public, or not written';

let api: StartedMock;
let client: ContentReadClient;
beforeAll(async () => {
  api = await startMock();
  client = createClient({ baseUrl: api.baseUrl, apiKey: KEY });
});
afterAll(async () => {
  await client.close();
  await api.close();
});

/** The broken links a sync warns of, as `article id: href (why), …`, from a sync in memory. */
async function syncWarnings(
  baseUrl: string,
  options: { relativeTo?: string; blogs?: string[] },
): Promise<string[]> {
  const warnings: string[] = [];
  const store = new Map<string, unknown>();
  const meta = new Map<string, string>();
  const silent = () => {};
  const ctx = {
    collection: 'articles',
    store: {
      get: (id: string) => store.get(id),
      set: (entry: { id: string }) => Boolean(store.set(entry.id, entry)),
      has: (id: string) => store.has(id),
      delete: (id: string) => void store.delete(id),
      keys: () => [...store.keys()],
      values: () => [...store.values()],
      entries: () => [...store.entries()],
      clear: () => store.clear(),
    },
    meta: {
      get: (k: string) => meta.get(k),
      set: (k: string, v: string) => void meta.set(k, v),
      has: (k: string) => meta.has(k),
      delete: (k: string) => void meta.delete(k),
    },
    logger: { info: silent, warn: (line: string) => warnings.push(line), error: silent },
    config: { markdown: { syntaxHighlight: false } },
    generateDigest: (data: unknown) => JSON.stringify(data).length.toString(36),
    parseData: async ({ data }: { data: unknown }) => data,
  } as unknown as LoaderContext;
  const loader = articlesLoader({
    baseUrl,
    apiKey: KEY,
    sanitiseWorkers: 0,
    articleUrl: (a) => `/${a.blog.slug}/${a.slug}/`,
    ...options,
  });
  await loader.load(ctx);
  return warnings
    .filter((line) => line.includes('links to no article the site publishes'))
    .map((line) =>
      line
        .replace(/^articles: article (\S+) links to no article the site publishes: /, '$1: ')
        .replace(/\. Fix them in the CMS.*$/, ''),
    );
}

/** The doctor's report in the sync's words. */
async function doctorLines(
  c: ContentReadClient,
  options: { relativeTo?: string; blogs?: string[] },
) {
  const report = await findBrokenLinks(c, options);
  return report.broken.map(
    (article) =>
      `${article.id}: ${article.links.map((link) => `${link.href} (${link.why})`).join(', ')}`,
  );
}

describe('the demo dataset', () => {
  it('art_0007 links to a private article: unknown, and to another blog: out of scope when only its own is published', async () => {
    const all = await findBrokenLinks(client, { relativeTo: 'blog' });
    expect(all.blogs).toBe(3);
    expect(all.articles).toBeGreaterThan(20);
    expect(all.broken).toEqual([
      {
        id: 'art_0007',
        blog: 'northwind-engineering',
        slug: 'a-practical-guide-to-conditional-requests',
        links: [
          {
            href: `${ENGINEERING}/how-we-cut-our-build-times-in-half/`,
            reason: 'unknown',
            why: UNKNOWN,
          },
        ],
      },
    ]);
    const one = await findBrokenLinks(client, {
      relativeTo: 'blog',
      blogs: ['northwind-engineering'],
    });
    expect(one.blogs).toBe(1);
    expect(one.broken.map((a) => [a.id, a.links.map((l) => [l.href, l.reason])])).toEqual([
      [
        'art_0007',
        [
          ['https://northwind.design.example.com/designing-for-slow-networks/', 'out of scope'],
          [`${ENGINEERING}/how-we-cut-our-build-times-in-half/`, 'unknown'],
        ],
      ],
    ]);
  });

  it('a blog name the key does not read fails in one line naming the blogs it reads', async () => {
    await expect(
      findBrokenLinks(client, { blogs: ['northwind-engineering', 'nope'] }),
    ).rejects.toThrow(
      /^--blogs names "nope", which matches no blog this key reads \(by id or slug\): name one of northwind-engineering, northwind-design, northwind-news\.$/,
    );
  });
});

describe("art_0034's links in three forms (their targets made private)", () => {
  let edited: StartedMock;
  let editedClient: ContentReadClient;
  beforeAll(async () => {
    edited = await startMock();
    // Its targets: by canonical URL with a #fragment, by blog URL and a dated path, relative.
    for (const id of ['art_0007', 'art_0015', 'art_0026']) edited.mock.setArticlePublic(id, false);
    editedClient = createClient({ baseUrl: edited.baseUrl, apiKey: KEY });
  });
  afterAll(async () => {
    await editedClient.close();
    await edited.close();
  });

  it('each form shaped as the blog’s article addresses is found; the relative one only once relativeTo resolves it into the workspace', async () => {
    const hrefs = async (relativeTo?: string) =>
      (await findBrokenLinks(editedClient, { relativeTo })).broken
        .filter((a) => a.id === 'art_0034')
        .flatMap((a) => a.links.map((l) => `${l.href} ${l.reason}`));
    // The dated path is not the shape of the blog's canonical URLs (/<slug>/): with its article
    // private, nothing tells it from another page of the CMS, so it is not reported.
    const forms = [
      `${ENGINEERING}/a-practical-guide-to-conditional-requests/#user-content-details-that-mattered unknown`,
    ];
    const relative = `${ENGINEERING}/observability-on-a-budget/ unknown`;
    expect(await hrefs('blog')).toEqual([...forms, relative]);
    expect(await hrefs('canonical')).toEqual([...forms, relative]);
    // Left relative, it points at the site's own domain: not a link into the workspace.
    expect(await hrefs(undefined)).toEqual(forms);
  });

  it.each([
    { relativeTo: 'blog' },
    { relativeTo: 'canonical' },
    {},
    { relativeTo: 'blog', blogs: ['northwind-engineering'] },
    { blogs: ['northwind-design', 'blog_01'] },
  ])('lists what a sync of articlesLoader(%o) warns of', async (options) => {
    const [doctor, sync] = await Promise.all([
      doctorLines(editedClient, options),
      syncWarnings(edited.baseUrl, options),
    ]);
    expect(doctor.length).toBeGreaterThan(0);
    expect(doctor).toEqual(sync);
  });
});
