import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { restoreApiEnvAfterEach } from '@content-read/test-support/api-env';
import { describe, expect, it } from 'vitest';
import { configuredApiUrl, startMockContentApi } from '../src/astro.js';
import { astroEnvContext } from '../src/astro-env.js';
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

  it('prefers 4010 (stable image URLs from build to build) but starts on a free port when 4010 is taken', async () => {
    // Hold 4010 (unless another process already does): the mock must still start, elsewhere.
    const holder: Server | undefined = await new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(undefined));
      server.listen(4010, '127.0.0.1', () => resolve(server));
    });
    try {
      const running = await startMockContentApi();
      try {
        expect(running.baseUrl).not.toBe('http://127.0.0.1:4010/api/v1');
        expect(running.mock.origin).toBe(new URL(running.baseUrl).origin);
        expect((await fetch(`${running.mock.origin}/images/a/2x2.png`)).status).toBe(200);
      } finally {
        await running.close();
      }
    } finally {
      await new Promise((done) => (holder ? holder.close(done) : done(undefined)));
    }
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
      // A key the dataset does not define fails at once, naming the option, not with a 401 later.
      await expect(
        startMockContentApi({ dataset: 'content.json', key: 'ci-key', root }),
      ).rejects.toThrow(
        /^mockContentApi\(\{ dataset, key \}\): the key is none of the keys "content\.json" defines \(their ids: key_\w+/,
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

  it('configuredApiUrl: an API in the .env files of the mode, read from envDir, wins over the mock', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-astro-env-'));
    try {
      delete process.env.CONTENT_API_URL;
      delete process.env.CONTENT_API_KEY;
      await mkdir(join(dir, 'env'));
      await writeFile(
        join(dir, 'env', '.env.staging'),
        'CONTENT_API_URL=https://cms.example.com/api/v1\nCONTENT_API_KEY=k\n',
      );
      const envDir = join(dir, 'env');
      expect(await configuredApiUrl({ mode: 'production', envDir })).toBeUndefined();
      expect(await configuredApiUrl({ mode: 'staging', envDir: dir })).toBeUndefined();
      expect(await configuredApiUrl({ mode: 'staging', envDir })).toBe(
        'https://cms.example.com/api/v1',
      );
      process.env.CONTENT_API_KEY = 'from-the-shell';
      await writeFile(join(dir, '.env'), 'CONTENT_API_URL=https://other.example.com/v1\n');
      expect(await configuredApiUrl({ mode: 'production', envDir: dir })).toBe(
        'https://other.example.com/v1',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("astroEnvContext: the CLI's --mode, else the command's mode; vite.envDir against the root", () => {
    const root = pathToFileURL('/site/');
    expect(astroEnvContext({ root }, 'build', [])).toEqual({ mode: 'production', envDir: '/site' });
    expect(astroEnvContext({ root }, 'dev', [])).toEqual({ mode: 'development', envDir: '/site' });
    expect(
      astroEnvContext({ root, vite: { envDir: 'env' } }, 'build', [
        'astro',
        'build',
        '--mode',
        'staging',
      ]),
    ).toEqual({ mode: 'staging', envDir: '/site/env' });
    expect(astroEnvContext({ root }, 'dev', ['--mode=qa']).mode).toBe('qa');
  });
});
