import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Our packages' entry points (`@content-read/core/web`, …) resolved to their TypeScript sources,
 * for the unit test projects: they then test what is in src/, with no build, even where one
 * package's code imports another's.
 */
export function sourceAliases(): { find: RegExp; replacement: string }[] {
  return ['core', 'mock-server', 'astro-loader'].flatMap((dir) => {
    const root = new URL(`../packages/${dir}/`, import.meta.url);
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
      name: string;
      exports: Record<string, string | { import?: string }>;
    };
    return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
      const file = typeof target === 'string' ? undefined : target.import;
      const source = file?.match(/^\.\/dist\/(.+)\.js$/)?.[1];
      if (!source) return [];
      const name = `${pkg.name}${subpath.slice(1)}`;
      return [
        {
          find: new RegExp(`^${name.replace(/[/.-]/g, '\\$&')}$`),
          replacement: fileURLToPath(new URL(`src/${source}.ts`, root)),
        },
      ];
    });
  });
}
