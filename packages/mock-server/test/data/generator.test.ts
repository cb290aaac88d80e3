// The seeded generator: deterministic bytes, the streamed file equals the in-memory dataset, valid data.
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createMockServer,
  GENERATED_KEYS,
  generateDataset,
  loadDataset,
  writeGeneratedDataset,
} from '../../src/index.js';

describe('dataset generator', () => {
  it('the same seed gives the same bytes; another seed differs', () => {
    const a = JSON.stringify(generateDataset({ seed: 9, articles: 300, blogs: 6, workspaces: 2 }));
    const b = JSON.stringify(generateDataset({ seed: 9, articles: 300, blogs: 6, workspaces: 2 }));
    const c = JSON.stringify(generateDataset({ seed: 10, articles: 300, blogs: 6, workspaces: 2 }));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('bodies have about the chosen size; ids ascend in creation order', () => {
    const d = generateDataset({ seed: 1, articles: 50, bodyBytes: 5000 });
    for (const a of d.articles) {
      expect(a.html.length).toBeGreaterThanOrEqual(5000);
      expect(a.html.length).toBeLessThan(5600);
    }
    const ids = d.articles.map((a) => a.id);
    expect(ids).toEqual([...ids].sort());
    expect(d.articles.some((a) => !a.public)).toBe(true);
  });

  it('the streamed file holds exactly the bytes of the in-memory dataset, and loads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-gen-'));
    const file = join(dir, 'gen.json');
    const options = { seed: 'stream', articles: 5000, bodyBytes: 800, blogs: 8, workspaces: 2 };
    const bytes = await writeGeneratedDataset(options, file);
    expect((await stat(file)).size).toBe(bytes);
    expect(await readFile(file, 'utf8')).toBe(JSON.stringify(generateDataset(options)));
    expect((await loadDataset(file)).articles).toHaveLength(5000);
  });

  it('a generated dataset is served, with its keys following the scope rules', async () => {
    const server = createMockServer({
      dataset: generateDataset({ seed: 3, articles: 400, blogs: 10, workspaces: 2 }),
    });
    const get = async (key: string, path: string) => {
      const res = await server.handle(
        new Request(`http://x/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } }),
      );
      return {
        status: res.status,
        body: (await res.json()) as {
          data: { id: string; workspace_id?: string }[];
          meta: { total: number };
        },
      };
    };
    const full = await get(GENERATED_KEYS.full, '/blogs');
    expect(full.body.data.every((b) => b.workspace_id === 'ws_001')).toBe(true);
    expect((await get(GENERATED_KEYS.scoped, '/blogs')).body.data).toHaveLength(2);
    expect((await get(GENERATED_KEYS.revoked, '/blogs')).status).toBe(401);
    const other = await get(GENERATED_KEYS.otherWorkspace, '/articles?per_page=500');
    const mine = await get(GENERATED_KEYS.full, '/articles?per_page=500');
    expect(other.body.meta.total + mine.body.meta.total).toBeLessThan(400);
    expect(other.body.meta.total).toBeGreaterThan(0);
  });
});
