import { defineProject } from 'vitest/config';
import { sourceAliases } from './source-aliases.js';

/**
 * A package's unit tests: they run on the sources (its own and the sibling packages'), no build
 * needed. Its end-to-end tests (test/e2e/: its bins, real sites, on the built package) are the
 * project `e2eProject` makes.
 */
export const unitProject = (name: string) =>
  defineProject({
    resolve: { alias: sourceAliases() },
    test: {
      name,
      include: ['test/**/*.test.ts'],
      exclude: ['test/e2e/**', '**/node_modules/**', 'test/fixtures/**'],
    },
  });

/** A package's end-to-end tests, on the built package (`npm run build` first). */
export const e2eProject = (name: string) =>
  defineProject({ test: { name: `${name}-e2e`, include: ['test/e2e/**/*.test.ts'] } });
