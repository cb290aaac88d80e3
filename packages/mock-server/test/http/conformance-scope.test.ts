// the API contract §3 with the demo keys: what each key sees, and that invisible equals nonexistent.
import { describe, expect, it } from 'vitest';
import { defaultDataset } from '../../src/index.js';
import { blogFilterAnswers, FULL, OTHER, PRIVATE_SCOPE, TWO_BLOGS, useServer } from '../support.js';

const server = useServer();
const data = defaultDataset();

async function ids(path: string, key: string): Promise<string[]> {
  const body = (await (await server().get(path, { key })).json()) as { data: { id: string }[] };
  return body.data.map((x) => x.id);
}

function expectedArticles(blogIds: string[]): string[] {
  return data.articles.filter((a) => a.public && blogIds.includes(a.blog_id)).map((a) => a.id);
}

describe('section 3: scope, with the demo keys', () => {
  it.each([
    ['empty scope: every public blog of the workspace', FULL, ['blog_01', 'blog_02', 'blog_03']],
    ['scoped to two blogs', TWO_BLOGS, ['blog_01', 'blog_02']],
    ['a scope naming a private blog sees only the public one', PRIVATE_SCOPE, ['blog_03']],
    ['the other workspace sees only its own blogs', OTHER, ['blog_05', 'blog_06']],
  ])('%s', async (_name, key, blogs) => {
    expect(await ids('/api/v1/blogs', key)).toEqual(blogs);
    const articles = await ids('/api/v1/articles?per_page=500', key);
    expect(articles).toEqual(expectedArticles(blogs));
  });

  it('private articles of visible blogs are never listed', async () => {
    const hidden = data.articles
      .filter((a) => !a.public && a.blog_id === 'blog_01')
      .map((a) => a.id);
    expect(hidden.length).toBeGreaterThan(0);
    const seen = await ids('/api/v1/articles?per_page=500', FULL);
    for (const id of hidden) expect(seen).not.toContain(id);
  });

  it('public articles of a private blog are never listed', async () => {
    const inPrivate = data.articles
      .filter((a) => a.public && a.blog_id === 'blog_04')
      .map((a) => a.id);
    expect(inPrivate.length).toBeGreaterThan(0);
    const seen = await ids('/api/v1/articles?per_page=500', PRIVATE_SCOPE);
    for (const id of inPrivate) expect(seen).not.toContain(id);
  });

  it('a blog outside the scope, a private one, another workspace’s and a missing one are indistinguishable', async () => {
    const blogs = ['blog_03', 'northwind-news', 'blog_04', 'blog_05', 'lumen-notes', 'blog_99'];
    const answers = await blogFilterAnswers(server(), blogs, TWO_BLOGS);
    expect(answers.size).toBe(1);
    expect([...answers][0]).toMatch(/^404 /);
  });
});
