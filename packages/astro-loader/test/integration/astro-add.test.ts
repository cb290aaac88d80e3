import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import contentReadDefault, { contentRead } from '../../src/index.js';

// `astro add <package>` accepts a package whose keywords hold "astro-integration", then writes
// `import x from '<package>'` and `integrations: [x()]` into the config: a default export.
describe('what `npx astro add @content-read/astro-loader` relies on', () => {
  it('declares itself an Astro integration', async () => {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.keywords).toContain('astro-integration');
  });

  it('default-exports contentRead(), which works with no options', () => {
    expect(contentReadDefault).toBe(contentRead);
    const integration = contentReadDefault();
    expect(integration.name).toBe('@content-read/astro-loader');
    expect(Object.keys(integration.hooks)).toContain('astro:config:setup');
  });

  it('refuses to be declared twice (astro add beside one written by hand), in one line', async () => {
    const [first, second] = [contentRead(), contentReadDefault({ publish: true })];
    const setup = first.hooks['astro:config:setup'] as unknown as (o: object) => Promise<void>;
    await expect(setup({ config: { integrations: [first, second] } })).rejects.toThrow(
      /^contentRead\(\) is in astro.config's integrations 2 times \(`npx astro add @content-read\/astro-loader` adds one, named contentReadloader\): keep one, with every option in it\.$/,
    );
  });
});
