/**
 * What the deployed server loads of this package (the live loaders, the proxy route and the
 * middleware contentRead() adds) must load on every platform Astro deploys to: web-platform
 * code only, core through its web entry, nothing of the build tools.
 */
import { fileURLToPath } from 'node:url';
import { moduleGraph } from '@content-read/test-support/module-graph';
import { describe, expect, it } from 'vitest';

const src = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));
const RUNTIME_ENTRIES = {
  'live loaders': src('live.ts'),
  'live image sizes': src('live-images.ts'),
  'feed items': src('feed.ts'),
  'proxy route': src('server/proxy/route.ts'),
  'env middleware': src('server/env-middleware.ts'),
};

describe('runtime code is web-platform code', () => {
  for (const [name, entry] of Object.entries(RUNTIME_ENTRIES)) {
    it(`the ${name} import no undici, Vite, node:* module or Node entry of core`, () => {
      const graph = moduleGraph(entry);
      const forbidden = graph.imports.filter(
        (spec) =>
          spec === 'undici' ||
          spec === 'vite' ||
          spec.startsWith('node:') ||
          spec === '@content-read/core' ||
          spec.startsWith('astro/config'),
      );
      expect(forbidden).toEqual([]);
      expect(graph.nodeGlobals.map((file) => file.slice(file.indexOf('/src/')))).toEqual([]);
    });
  }
});
