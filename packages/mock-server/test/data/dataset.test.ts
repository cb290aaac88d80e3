// Dataset validation and loading: a bad dataset is refused with errors naming the path inside it.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createMockServer,
  DatasetError,
  defaultDataset,
  demoKeys,
  loadDataset,
  validateDataset,
} from '../../src/index.js';

function problems(
  mutate: (d: ReturnType<typeof defaultDataset> & Record<string, unknown>) => void,
): string[] {
  const d = defaultDataset() as ReturnType<typeof defaultDataset> & Record<string, unknown>;
  mutate(d);
  try {
    validateDataset(d, 'test.json');
  } catch (e) {
    expect(e).toBeInstanceOf(DatasetError);
    expect((e as Error).message).toContain('test.json');
    return (e as DatasetError).issues.map((i) => `${i.path}: ${i.problem}`);
  }
  throw new Error('the dataset was accepted');
}

describe('dataset validation', () => {
  it('the default dataset is valid and makes a convincing demo', () => {
    const d = validateDataset(defaultDataset());
    expect(d.workspaces).toHaveLength(2);
    expect(d.blogs.length).toBeGreaterThanOrEqual(5);
    expect(d.blogs.filter((b) => !b.public)).toHaveLength(1);
    expect(d.articles.length).toBeGreaterThanOrEqual(55);
    expect(d.articles.some((a) => !a.public)).toBe(true);
    const html = d.articles.map((a) => a.html).join('\n');
    for (const tag of [
      '<h2>',
      '<h3>',
      '<p>',
      '<ul>',
      '<ol>',
      '<pre><code',
      '<blockquote>',
      '<img ',
      '<table>',
    ]) {
      expect(html).toContain(tag);
    }
    const days = d.articles.map((a) => Date.parse(a.published_at));
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(300 * 86_400_000);
    expect(demoKeys.map((k) => k.key)).toEqual([
      'demo-full-access-key',
      'demo-two-blogs-key',
      'demo-private-scope-key',
      'demo-revoked-key',
      'demo-other-workspace-key',
    ]);
  });

  it('has articles that link to others of their workspace, in each form a CMS writes', () => {
    const d = defaultDataset();
    const bySlug = new Map(d.articles.map((a) => [a.slug, a]));
    const blogOf = (id: string) => d.blogs.find((b) => b.id === id);
    const hrefs = (id: string) =>
      [...(d.articles.find((a) => a.id === id)?.html ?? '').matchAll(/<a href="([^"]+)"/g)]
        .map((m) => m[1] ?? '')
        .filter((href) => !href.startsWith('https://example.com/'));
    const engineering = blogOf('blog_01')?.url;
    // art_0034: its blog's articles by canonical URL (and a heading), dated path, relative path.
    const target = bySlug.get('a-practical-guide-to-conditional-requests');
    expect(hrefs('art_0034')).toEqual([
      `${target?.canonical_url}#user-content-details-that-mattered`,
      `${engineering}/2024/05/what-we-learned-running-postgres-on-small-machines/`,
      '/observability-on-a-budget/',
    ]);
    // The fragment names a heading of the target (the loader's id: prefix and slug).
    expect(target?.html).toContain('<h2>Details that mattered</h2>');
    // art_0007: another blog's article, and a private one.
    const design = bySlug.get('designing-for-slow-networks');
    const draft = bySlug.get('how-we-cut-our-build-times-in-half');
    expect(hrefs('art_0007')).toEqual([design?.canonical_url, draft?.canonical_url]);
    expect(blogOf(design?.blog_id ?? '')?.slug).toBe('northwind-design');
    expect(draft?.public).toBe(false);
    for (const slug of [
      'a-practical-guide-to-conditional-requests',
      'what-we-learned-running-postgres-on-small-machines',
      'observability-on-a-budget',
      'designing-for-slow-networks',
    ])
      expect(bySlug.get(slug)?.public, slug).toBe(true);
    // No other article links into the workspace.
    const linking = d.articles.filter((a) => /href="(?!https:\/\/example\.com\/)/.test(a.html));
    expect(linking.map((a) => a.id)).toEqual(['art_0007', 'art_0034']);
  });

  it('is the same on every call (stable demo, stable ETags)', () => {
    expect(JSON.stringify(defaultDataset())).toBe(JSON.stringify(defaultDataset()));
  });

  const DELETE = Symbol('delete');
  /** The refusals of the demo dataset with `value` put at `path` (collection[index].field). */
  const refusalsWith = (path: string, value: unknown) =>
    problems((d) => {
      const [, collection = '', index, field = ''] = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(path) ?? [];
      const record = (d[collection] as Record<string, unknown>[])[Number(index)] ?? {};
      if (value === DELETE) delete record[field];
      else record[field] = value;
    }).join('\n');

  // Each row: the field to break, the value put there, and the problem the refusal names after
  // the path, when the row checks its words.
  it.each([
    ['a wrong type', 'articles[3].title', 42, ''],
    ['a missing field', 'blogs[1].slug', DELETE, ''],
    ['a bad timestamp', 'articles[0].published_at', 'yesterday', ''],
    ['a timestamp not in UTC', 'blogs[2].updated_at', '2026-01-01T10:00:00+02:00', ''],
    ['a fractional reading time', 'articles[2].reading_time', 1.5, ''],
    ['a key that is not a b64token', 'keys[0].key', 'has space', ''],
    ['an unknown blog', 'articles[3].blog_id', 'blog_nope', 'no blog with id "blog_nope"'],
    ['an unknown workspace', 'blogs[0].workspace_id', 'ws_nope', ''],
    ['an unknown team', 'keys[2].team_id', 'team_nope', ''],
    ['a duplicate id', 'articles[5].id', 'art_0005', 'duplicate id'],
    ['a duplicate slug in a workspace', 'blogs[1].slug', 'northwind-engineering', 'slug'],
  ] as const)('%s is refused with its path', (_name, path, value, problem) => {
    expect(refusalsWith(path, value)).toContain(`${path}:${problem ? ` ${problem}` : ''}`);
  });

  it('a key given twice is refused at the second key', () => {
    expect(refusalsWith('keys[1].key', 'demo-full-access-key')).toContain('keys[1]: the same key');
  });

  it('a missing top-level list is refused with its name', () => {
    expect(problems((d) => delete (d as Partial<typeof d>).articles).join('\n')).toContain(
      'articles:',
    );
  });

  it('unknown fields on articles are kept and served (tolerant readers are tested with them)', async () => {
    const d = defaultDataset();
    const first = d.articles[1];
    if (first === undefined) throw new Error('no article');
    (first as Record<string, unknown>).word_count = 1234;
    const server = createMockServer({ dataset: d });
    const res = await server.handle(
      new Request('http://x/api/v1/articles?per_page=5', {
        headers: { authorization: 'Bearer demo-full-access-key' },
      }),
    );
    const body = (await res.json()) as { data: Record<string, unknown>[] };
    expect(body.data.find((a) => a.id === first.id)?.word_count).toBe(1234);
  });

  it('loadDataset reads a file and names the file and the path in errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-dataset-'));
    const good = join(dir, 'good.json');
    await writeFile(good, JSON.stringify(defaultDataset()));
    expect((await loadDataset(good)).articles.length).toBeGreaterThan(50);

    const bad = join(dir, 'bad.json');
    const d = defaultDataset();
    (d.articles[3] as { blog_id: string }).blog_id = 'blog_missing';
    await writeFile(bad, JSON.stringify(d));
    await expect(loadDataset(bad)).rejects.toThrow(
      /bad\.json[\s\S]*articles\[3\]\.blog_id: no blog with id "blog_missing"/,
    );

    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{ "workspaces": [ ');
    await expect(loadDataset(broken)).rejects.toThrow(/broken\.json[\s\S]*not valid JSON/);
    await expect(loadDataset(join(dir, 'missing.json'))).rejects.toThrow(
      /missing\.json[\s\S]*cannot read the file \(ENOENT\)/,
    );
  });

  it('a dataset may hold keys only as SHA-256 hashes', async () => {
    const d = defaultDataset();
    const { createHash } = await import('node:crypto');
    d.keys = d.keys.map(({ key, ...k }) => ({
      ...k,
      key_sha256: createHash('sha256')
        .update(key ?? '')
        .digest('hex'),
    }));
    const server = createMockServer({ dataset: d });
    const res = await server.handle(
      new Request('http://x/api/v1/blogs', {
        headers: { authorization: 'Bearer demo-full-access-key' },
      }),
    );
    expect(res.status).toBe(200);
  });
});
