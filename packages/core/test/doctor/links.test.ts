/**
 * `content-read doctor --links`, in process: its flags, and where the loader's link finder is
 * not installed. The links themselves are found by the built loader: test/e2e/doctor-links.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatReport, parseCommand, runDoctor } from '../../src/doctor/index.js';
import { config, startMock } from './support.js';

let api: Awaited<ReturnType<typeof startMock>>;
let empty: string;
beforeAll(async () => {
  api = await startMock();
  // No node_modules here or above (a temp dir): no @content-read/astro-loader to load.
  empty = await mkdtemp(join(tmpdir(), 'cr-doctor-links-'));
});
afterAll(async () => {
  await api.close();
  await rm(empty, { recursive: true, force: true });
});

describe('the flags', () => {
  const links = (argv: string[]) => {
    const command = parseCommand(['doctor', ...argv], {});
    return command.kind === 'doctor' ? command.config.links : 'help';
  };

  test('--links takes the loader options it reads bodies with', () => {
    expect(links([])).toBeUndefined();
    expect(links(['--links'])).toEqual({ relativeTo: undefined, blogs: undefined });
    expect(links(['--links', '--relative-to', 'blog', '--blogs', 'a, blog_02'])).toEqual({
      relativeTo: 'blog',
      blogs: ['a', 'blog_02'],
    });
    expect(links(['--links', '--relative-to=canonical'])).toMatchObject({
      relativeTo: 'canonical',
    });
    expect(links(['--links', '--relative-to', 'https://old.example.com/'])).toMatchObject({
      relativeTo: 'https://old.example.com/',
    });
  });

  test('each misuse is refused in one line saying what to do', () => {
    expect(() => links(['--blogs', 'a'])).toThrow(
      '--relative-to and --blogs say how --links reads bodies: add --links',
    );
    expect(() => links(['--relative-to', 'blog'])).toThrow(/add --links$/);
    for (const bad of ['site', '/blog/', 'ftp://old.example.com/'])
      expect(() => links(['--links', '--relative-to', bad])).toThrow(
        '--relative-to must be canonical, blog or an absolute http(s) URL',
      );
    expect(() => links(['--links', '--blogs', 'a,,b'])).toThrow(
      '--blogs takes blog ids or slugs separated by commas, none empty',
    );
  });
});

describe('the Links check', () => {
  test('without the loader installed, it fails in one line saying what to install', async () => {
    const c = config({
      url: api.baseUrl,
      key: 'demo-full-access-key',
      envDir: empty,
      links: { relativeTo: 'blog' },
    });
    const checks = await runDoctor(c);
    expect(checks.at(-1)).toEqual({
      name: 'Links',
      status: 'fail',
      summary:
        "--links reads bodies as @content-read/astro-loader does: install it in this project (npm install @content-read/astro-loader), or run the doctor in your site's directory (or point --env-dir at it).",
      details: [],
    });
    expect(formatReport(c, checks)).toMatch(/^1 problem found\.$/m);
  });

  test('is skipped when the key does not work, and listed only when asked for', async () => {
    const rejected = await runDoctor(
      config({ url: api.baseUrl, key: 'not-a-demo-key', envDir: empty, links: {} }),
    );
    expect(rejected.at(-1)).toMatchObject({ name: 'Links', status: 'skip' });
    const plain = await runDoctor(config({ url: api.baseUrl, key: 'demo-full-access-key' }));
    expect(plain.map((c) => c.name)).not.toContain('Links');
    const noUrl = await runDoctor(config({ links: {} }));
    expect(noUrl.at(-1)).toMatchObject({ name: 'Links', status: 'skip' });
  });
});
