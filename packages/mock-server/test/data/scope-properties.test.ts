// Property-based scope tests: for random datasets and keys, each endpoint returns exactly the set
// that the API contract §3 allows. Runs: MOCK_PROPERTY_RUNS (default 20; the soak suite raises it).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../src/index.js';
import { start } from '../support.js';

const RUNS = Number(process.env.MOCK_PROPERTY_RUNS ?? 20);
const T = '2025-01-01T00:00:00Z';

const datasetArb = fc
  .record({
    workspaces: fc.integer({ min: 1, max: 3 }),
    blogs: fc.array(fc.record({ ws: fc.nat(2), public: fc.boolean() }), {
      minLength: 0,
      maxLength: 7,
    }),
    articles: fc.array(fc.record({ blog: fc.nat(6), public: fc.boolean() }), { maxLength: 40 }),
    keys: fc.array(
      fc.record({
        ws: fc.nat(2),
        scope: fc.array(
          fc.oneof(
            fc.nat(6).map((n) => `b${n}`),
            fc.constant('b_missing'),
          ),
          { maxLength: 4 },
        ),
        revoked: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .map((r): Dataset => {
    const ws = (n: number) => `w${n % r.workspaces}`;
    const blogs = r.blogs.map((b, i) => ({
      id: `b${i}`,
      workspace_id: ws(b.ws),
      slug: `blog-${i}`,
      name: `Blog ${i}`,
      description: null,
      url: null,
      language: null,
      public: b.public,
      created_at: T,
      updated_at: T,
    }));
    const articles =
      blogs.length === 0
        ? []
        : r.articles.map((a, i) => ({
            id: `a${String(i).padStart(3, '0')}`,
            blog_id: `b${a.blog % blogs.length}`,
            slug: `article-${i}`,
            title: `Article ${i}`,
            excerpt: null,
            html: `<p>${i}</p>`,
            authors: [],
            tags: [],
            feature_image: null,
            canonical_url: null,
            reading_time: 1,
            published_at: T,
            updated_at: T,
            public: a.public,
          }));
    return {
      workspaces: Array.from({ length: r.workspaces }, (_, i) => ({ id: `w${i}`, name: `W${i}` })),
      teams: Array.from({ length: r.workspaces }, (_, i) => ({
        id: `t${i}`,
        workspace_id: `w${i}`,
        name: `T${i}`,
      })),
      keys: r.keys.map((k, i) => ({
        id: `k${i}`,
        team_id: `t${k.ws % r.workspaces}`,
        key: `key-${i}`,
        blog_access_scope: k.scope,
        revoked: k.revoked,
      })),
      blogs,
      articles,
    };
  });

/** Section 3, written independently of the server's code. */
function allowed(
  d: Dataset,
  keyIndex: number,
): { blogs: string[]; articles: string[] } | undefined {
  const key = d.keys[keyIndex];
  if (key === undefined || key.revoked) return undefined;
  const workspace = d.teams.find((t) => t.id === key.team_id)?.workspace_id;
  const scope = key.blog_access_scope ?? [];
  const blogs = d.blogs
    .filter(
      (b) =>
        b.workspace_id === workspace && b.public && (scope.length === 0 || scope.includes(b.id)),
    )
    .map((b) => b.id)
    .sort();
  const articles = d.articles
    .filter((a) => a.public && blogs.includes(a.blog_id))
    .map((a) => a.id)
    .sort();
  return { blogs, articles };
}

describe('scope properties (fast-check)', () => {
  it(
    'each endpoint returns exactly the allowed set for every key',
    async () => {
      await fc.assert(
        fc.asyncProperty(datasetArb, async (dataset) => {
          const running = await start({ dataset });
          try {
            const notFound = new Set<string>();
            for (let k = 0; k < dataset.keys.length; k++) {
              const key = `key-${k}`;
              const expected = allowed(dataset, k);
              const ids = async (path: string) => {
                const res = await running.get(path, { key });
                const body = (await res.json()) as { data?: { id: string }[] };
                return { status: res.status, ids: body.data?.map((x) => x.id) };
              };
              const blogs = await ids('/api/v1/blogs?per_page=500');
              const articles = await ids('/api/v1/articles?per_page=500');
              if (expected === undefined) {
                expect([blogs.status, articles.status]).toEqual([401, 401]);
                continue;
              }
              expect(blogs.ids).toEqual(expected.blogs);
              expect(articles.ids).toEqual(expected.articles);
              for (const blog of [...dataset.blogs.map((b) => b.id), 'b_missing']) {
                const res = await running.get(`/api/v1/articles?per_page=500&blog=${blog}`, {
                  key,
                });
                const text = await res.text();
                if (expected.blogs.includes(blog)) {
                  const only = (JSON.parse(text) as { data: { id: string; blog_id: string }[] })
                    .data;
                  expect(only.map((a) => a.id)).toEqual(
                    expected.articles.filter(
                      (id) => dataset.articles.find((a) => a.id === id)?.blog_id === blog,
                    ),
                  );
                } else {
                  expect(res.status).toBe(404);
                  notFound.add(text);
                }
              }
            }
            expect(notFound.size).toBeLessThanOrEqual(1); // invisible and nonexistent: byte-identical
          } finally {
            await running.close();
          }
        }),
        { numRuns: RUNS },
      );
    },
    Math.max(120_000, RUNS * 500),
  );
});
