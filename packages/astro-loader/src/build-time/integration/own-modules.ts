/**
 * Our own modules (this package's and core's), minified as a build bundles them. The proxy route,
 * the live loaders and the publish webhook run in the site's server bundle, which Astro does not
 * minify: on Cloudflare the worker's size is bounded, and our readable `dist` (whitespace, long
 * local names) is a fifth of what we add to it. Only our modules change, only in a build: local
 * names are shortened, whitespace goes and Oxc's compressor folds the code, as Vite minifies
 * every site's client code (class names kept, as errors read them; the sourcemap gives stack
 * traces the rest). `dist` stays as published, for anyone reading it. If the site's Vite
 * has no minifier, nothing changes.
 */

/**
 * This package's and core's `dist` modules as installed (a workspace link resolves to its real
 * path, which is left alone: no folder of the site's own is ever taken for ours).
 */
const OWN_MODULES =
  /[\\/]node_modules[\\/]@content-read[\\/](?:astro-loader|core)[\\/]dist[\\/].+\.js$/;

type Minify = (
  file: string,
  code: string,
  options: object,
) => { code: string; map?: unknown; errors: unknown[] };

/** The Vite plugin contentRead() adds (builds only). */
export function ownModulesMinified() {
  // Vite's own minifier (Oxc's, Vite 8), loaded when a build first meets one of our modules.
  let minify: Promise<Minify | undefined> | undefined;
  return {
    name: 'content-read:own-modules-minified',
    apply: 'build' as const,
    transform: {
      filter: { id: OWN_MODULES },
      async handler(code: string, id: string) {
        if (!OWN_MODULES.test(id)) return undefined;
        minify ??= import('vite').then((vite) =>
          'minifySync' in vite && typeof vite.minifySync === 'function'
            ? (vite.minifySync as Minify)
            : undefined,
        );
        const minifySync = await minify;
        if (!minifySync) return undefined;
        const out = minifySync(id, code, {
          module: true,
          compress: true,
          mangle: { keepNames: { function: false, class: true } },
          codegen: { removeWhitespace: true },
          sourcemap: true,
        });
        if (out.errors.length > 0) return undefined;
        return { code: out.code, map: out.map ?? null };
      },
    },
  };
}
