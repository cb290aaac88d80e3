import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ownModulesMinified } from '../../src/build-time/integration/own-modules.js';

async function transform(code: string, id: string) {
  const { handler } = ownModulesMinified().transform;
  return handler(code, id);
}

/** Every module of a package's dist in this repository, with its id as installed in a site. */
function distModules(pkg: 'astro-loader' | 'core'): { id: string; code: string }[] {
  const dist = fileURLToPath(new URL(`../../../${pkg}/dist/`, import.meta.url));
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => relative(dist, join(e.parentPath, e.name)))
    .map((file) => ({
      id: `/site/node_modules/@content-read/${pkg}/dist/${file}`,
      code: readFileSync(join(dist, file), 'utf8'),
    }));
}

/** The JavaScript files a package's exports name (`./dist/….js`, without the `./`). */
function exportedModules(pkg: 'astro-loader' | 'core'): string[] {
  const manifest = fileURLToPath(new URL(`../../../${pkg}/package.json`, import.meta.url));
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, string | { import?: string }>;
  };
  return Object.values(exports)
    .map((target) => (typeof target === 'string' ? target : target.import))
    .filter((file): file is string => file?.endsWith('.js') === true)
    .map((file) => file.slice(2));
}

/** A module's exports, run from its source. */
const run = (code: string) =>
  import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);

describe('our own modules, minified in a build', () => {
  const code = [
    'class LongClassName extends Error { name = "LongClassName"; }',
    'function describeSomething(longParameterName) {',
    '  const localVariableName = longParameterName * 2; // why',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a module
    '  return `${localVariableName} ${new LongClassName().name} ${LongClassName.name}`;',
    '}',
    'export const answer = describeSomething(21);',
    'export { LongClassName, describeSomething };',
  ].join('\n');

  it('shortens local names and drops whitespace, keeping exports, class names and behaviour', async () => {
    const out = await transform(code, '/site/node_modules/@content-read/core/dist/x.js');
    expect(out?.code.length).toBeLessThan(code.length * 0.8);
    expect(out?.code).not.toContain('localVariableName');
    expect(out?.map).toBeTruthy();
    const [before, after] = await Promise.all([run(code), run(out?.code ?? '')]);
    expect(after.answer).toBe('42 LongClassName LongClassName');
    expect(after.answer).toBe(before.answer);
    expect(after.describeSomething(1)).toBe(before.describeSomething(1));
  });

  it('transforms our installed dist modules alone', async () => {
    for (const id of [
      '/site/node_modules/@content-read/astro-loader/dist/live/articles-live-loader.js',
      'C:\\site\\node_modules\\@content-read\\core\\dist\\http\\transport.js',
    ])
      expect(await transform(code, id), id).toBeDefined();
    for (const id of [
      '/site/node_modules/astro/dist/index.js',
      '/site/node_modules/@content-read/mock-server/dist/index.js',
      '/site/node_modules/@content-read/astro-loader/src/live.ts',
      '/site/src/pages/index.js',
      // A site's own monorepo package of the same folder name.
      '/site/packages/core/dist/index.js',
    ])
      expect(await transform(code, id), id).toBeUndefined();
    expect(ownModulesMinified().apply).toBe('build');
  });

  it('minifies every module of both packages (none is left as it was)', async () => {
    const modules = [...distModules('astro-loader'), ...distModules('core')];
    // At least every entry point that package.json exports, and the chunks they share.
    const exported = (['astro-loader', 'core'] as const).flatMap((pkg) =>
      exportedModules(pkg).map((file) => `/site/node_modules/@content-read/${pkg}/${file}`),
    );
    expect(exported.length).toBeGreaterThan(8);
    expect(modules.map((m) => m.id)).toEqual(expect.arrayContaining(exported));
    expect(modules.some((m) => /\/dist\/chunk-[^/]+\.js$/.test(m.id))).toBe(true);
    let before = 0;
    let after = 0;
    for (const { id, code } of modules) {
      const out = await transform(code, id);
      expect(out, id).toBeDefined();
      before += code.length;
      after += out?.code.length ?? 0;
    }
    expect(after).toBeLessThan(before * 0.8);
  });
});
