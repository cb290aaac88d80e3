import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AstroSite } from '@content-read/test-support/astro-site';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkPublicVariables,
  filesContainingKey,
} from '../../src/build-time/integration/key-guard.js';

const KEY = 'canary-Gu4rd/k+y=';

describe('checkPublicVariables', () => {
  it('refuses PUBLIC_CONTENT_API_KEY, and any client variable holding the key', () => {
    expect(() => checkPublicVariables({ PUBLIC_CONTENT_API_KEY: 'x' }, ['PUBLIC_'], KEY)).toThrow(
      /^PUBLIC_CONTENT_API_KEY would put the API key in client code/,
    );
    expect(() => checkPublicVariables({ PUBLIC_TOKEN: KEY }, ['PUBLIC_'], KEY)).toThrow(
      /PUBLIC_TOKEN would put/,
    );
    expect(() => checkPublicVariables({ SITE_TOKEN: KEY }, ['PUBLIC_', 'SITE_'], KEY)).toThrow(
      /SITE_TOKEN/,
    );
    expect(() => checkPublicVariables({ PUBCONTENT_API_KEY: 'x' }, ['PUB'], KEY)).toThrow(
      /PUBCONTENT_API_KEY/,
    );
  });

  it('accepts server-only variables and client variables that are not the key', () => {
    expect(() =>
      checkPublicVariables(
        { CONTENT_API_KEY: KEY, PUBLIC_SITE_NAME: 'Northwind', OTHER: KEY },
        ['PUBLIC_'],
        KEY,
      ),
    ).not.toThrow();
  });

  it('never puts the key in its message', () => {
    try {
      checkPublicVariables({ PUBLIC_X: KEY }, ['PUBLIC_'], KEY);
      expect.unreachable();
    } catch (error) {
      expect(String((error as Error).stack)).not.toContain(KEY);
    }
  });
});

describe('filesContainingKey', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cr-guard-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('finds the key as written, URL-encoded or JSON-escaped, in any file, at any offset', async () => {
    await mkdir(join(dir, '_astro'));
    await writeFile(join(dir, 'clean.html'), '<p>nothing</p>');
    await writeFile(join(dir, '_astro/app.js.map'), `{"x":"${KEY.replaceAll('/', '\\/')}"}`);
    await writeFile(join(dir, 'url.txt'), `?k=${encodeURIComponent(KEY)}`);
    // Across the boundary of the 1 MiB read chunks.
    const padding = 'a'.repeat((1 << 20) - 5);
    await writeFile(join(dir, 'big.js'), `${padding}${KEY}tail`);
    expect(await filesContainingKey(dir, KEY)).toEqual(['_astro/app.js.map', 'big.js', 'url.txt']);
  });

  it('reads many files at once, each on its own: no clean file is reported for its neighbours', async () => {
    const names = Array.from({ length: 60 }, (_, i) => `page-${String(i).padStart(2, '0')}.html`);
    // Files holding the key (near the end of a full chunk) alternate with clean, shorter ones.
    for (const [i, name] of names.entries())
      await writeFile(join(dir, name), i % 3 === 0 ? `${'b'.repeat(1 << 19)}${KEY}` : 'clean');
    const holding = names.filter((_, i) => i % 3 === 0);
    expect(await filesContainingKey(dir, KEY)).toEqual(holding);
  });

  it('finds a file or folder named by the key, and names it with the key replaced', async () => {
    await mkdir(join(dir, `k-${encodeURIComponent(KEY)}`));
    await writeFile(join(dir, `k-${encodeURIComponent(KEY)}/index.html`), 'clean');
    await mkdir(join(dir, 'canary-Gu4rd'), { recursive: true });
    await writeFile(join(dir, 'canary-Gu4rd/k+y=.txt'), 'clean'); // the key, '/' and all
    await mkdir(join(dir, `empty-${encodeURIComponent(KEY)}`));
    const found = await filesContainingKey(dir, KEY);
    expect(found).toEqual([
      '[CONTENT_API_KEY].txt',
      'empty-[CONTENT_API_KEY]/',
      'k-[CONTENT_API_KEY]/index.html',
    ]);
    expect(JSON.stringify(found)).not.toMatch(/Gu4rd|k%2By/);
  });

  it('finds nothing in a clean output; tells a missing output apart from a clean one', async () => {
    await writeFile(join(dir, 'index.html'), 'canary-Gu4rd/k+');
    expect(await filesContainingKey(dir, KEY)).toEqual([]);
    expect(await filesContainingKey(join(dir, 'absent'), KEY)).toBeUndefined();
  });

  it('fails when the output cannot be read, rather than report the key absent', async () => {
    await writeFile(join(dir, 'not-a-dir'), '');
    await expect(filesContainingKey(join(dir, 'not-a-dir'), KEY)).rejects.toThrow(
      /key guard could not read the client output .*not-a-dir/,
    );
  });
});

// Each case builds its own copy of the site, so the cases run at once.
describe.concurrent('the key guard in a real Astro build: files named by the key', {
  timeout: 240_000,
}, () => {
  const CANARY = 'canary-F1lename-do-not-leak';
  const sites: AstroSite[] = [];
  afterAll(async () => {
    for (const site of sites) await site.dispose();
  });
  async function build(prepare: (root: string) => Promise<void>) {
    const site = await AstroSite.copy(new URL('../fixtures/proxy', import.meta.url));
    sites.push(site);
    await prepare(site.root);
    // No API is asked: the fixture's pages are static and the proxy is off.
    return site.build(site.env({ baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: CANARY }));
  }
  const guardLine = (output: string) =>
    output.split('\n').find((line) => line.includes('The API key (CONTENT_API_KEY) is in')) ?? '';

  it('public/k-<key>.txt fails the build, named with the key replaced; the key is nowhere in the log', async () => {
    const built = await build(async (root) => {
      await mkdir(join(root, 'public'), { recursive: true });
      await writeFile(join(root, `public/k-${CANARY}.txt`), 'nothing secret inside');
    });
    expect(built.code).not.toBe(0);
    expect(guardLine(built.output)).toMatch(/client output .*: k-\[CONTENT_API_KEY\]\.txt\. /);
    expect(built.output).not.toContain(CANARY);
  });

  it('a prerendered route whose param is the key fails the build; the guard never prints the key', async () => {
    const built = await build(async (root) => {
      await writeFile(
        join(root, 'src/pages/[slug].astro'),
        `---
export const prerender = true;
export const getStaticPaths = () => [{ params: { slug: process.env.CONTENT_API_KEY } }];
---
<p>page</p>
`,
      );
    });
    expect(built.code).not.toBe(0);
    expect(guardLine(built.output)).toMatch(/: \[CONTENT_API_KEY\]\/index\.html\. /);
    // Astro itself lists each page it prerendered, before any integration can look at the
    // output: that list is the only place the key shows.
    const leaking = built.output.split('\n').filter((line) => line.includes(CANARY));
    expect(leaking.length).toBeGreaterThan(0);
    for (const line of leaking)
      expect(line).toMatch(/^\S+\s+[├└]─ \/canary-F1lename-do-not-leak\//);
  });
});
