import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPublicVariables, filesContainingKey } from '../../src/integration/key-guard.js';

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
