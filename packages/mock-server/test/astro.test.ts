import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { restoreApiEnvAfterEach } from '../../../test/support/api-env.js';
import { configuredApiUrl, startMockContentApi } from '../src/astro.js';
import { GENERATED_KEYS, generateDataset } from '../src/index.js';

restoreApiEnvAfterEach();

describe('@content-read/mock-server/astro', () => {
  it('starts the demo API once, points CONTENT_API_* at it, and clears them when closed', async () => {
    const running = await startMockContentApi();
    try {
      expect(await startMockContentApi()).toBe(running);
      expect(process.env.CONTENT_API_URL).toBe(running.baseUrl);
      expect(process.env.CONTENT_API_KEY).toBe('demo-full-access-key');
      const blogs = await fetch(`${running.baseUrl}/blogs`, {
        headers: { authorization: `Bearer ${process.env.CONTENT_API_KEY}` },
      });
      expect(blogs.status).toBe(200);
    } finally {
      await running.close();
    }
    expect(process.env.CONTENT_API_URL).toBeUndefined();
    await expect(fetch(running.baseUrl)).rejects.toThrow();
  });

  it('serves a dataset file relative to the project root with the key given, and asks for the key without one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-astro-'));
    try {
      const dataset = generateDataset({ articles: 3, seed: 1 });
      await writeFile(join(dir, 'content.json'), JSON.stringify(dataset));
      const root = pathToFileURL(`${dir}/`);
      await expect(startMockContentApi({ dataset: 'content.json', root })).rejects.toThrow(
        /also give `key`/,
      );
      const key = Object.values(GENERATED_KEYS)[0] ?? '';
      const running = await startMockContentApi({ dataset: 'content.json', key, root });
      try {
        const res = await fetch(`${running.baseUrl}/articles`, {
          headers: { authorization: `Bearer ${key}` },
        });
        expect(((await res.json()) as { meta: { total: number } }).meta.total).toBeGreaterThan(0);
      } finally {
        await running.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('configuredApiUrl: an API named in the environment or a .env file wins over the mock', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-astro-env-'));
    const root = pathToFileURL(`${dir}/`);
    try {
      delete process.env.CONTENT_API_URL;
      delete process.env.CONTENT_API_KEY;
      expect(configuredApiUrl(root, 'production')).toBeUndefined();
      await writeFile(
        join(dir, '.env.production'),
        'CONTENT_API_URL=https://cms.example.com/api/v1\nCONTENT_API_KEY=k\n',
      );
      expect(configuredApiUrl(root, 'production')).toBe('https://cms.example.com/api/v1');
      expect(configuredApiUrl(root, 'development')).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
