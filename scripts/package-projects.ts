import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, defineProject } from 'vitest/config';
import { sourceAliases } from './source-aliases.js';

/**
 * How many test files run at once, in every project. Most test files wait on child processes
 * (Astro builds, servers, Chromium) more than they compute, so more files than cores run at once;
 * vitest's default is one fewer than the cores. Each project must set it: vitest does not pass the
 * root config's `maxWorkers` to projects that have a config file of their own, and a project left
 * at the default (1 on two cores) runs its files one at a time, after all the others.
 */
export const MAX_WORKERS = Math.max(3, availableParallelism());

/** Unit test files that mock a module (`vi.mock`): each runs in a worker of its own. */
const ISOLATED = 'test/**/*.isolated.test.ts';

/**
 * A package's unit tests: they run on the sources (its own and the sibling packages'), no build
 * needed. Its end-to-end tests (test/e2e/: its bins, real sites, on the built package) are the
 * project `e2eProject` makes.
 *
 * Two projects, `<name> (shared)` and `<name> (isolated)`; `--project <name>` selects both.
 * Loading a module graph per file costs more than most files' tests, so the shared one loads it
 * once per worker for all its files: they must leave nothing behind (shared-graph-guard.ts
 * fails a file that does). A module mock cannot work in a graph another file already loaded,
 * so a file with one is named `*.isolated.test.ts` and gets a fresh worker.
 */
export const unitProjects = (name: string) =>
  defineConfig({
    resolve: { alias: sourceAliases() },
    test: {
      name,
      maxWorkers: MAX_WORKERS,
      // Within `npm test` the unit files share two cores with Astro builds and Chromium: a
      // property test that takes 1.5 s alone took 7.4 s there. A timeout only catches a hang.
      testTimeout: 30_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'shared',
            include: ['test/**/*.test.ts'],
            exclude: [ISOLATED, 'test/e2e/**', '**/node_modules/**', 'test/fixtures/**'],
            pool: 'threads',
            isolate: false,
            setupFiles: [fileURLToPath(new URL('./shared-graph-guard.ts', import.meta.url))],
          },
        },
        {
          extends: true,
          test: { name: 'isolated', include: [ISOLATED] },
        },
      ],
    },
  });

/** A package's end-to-end tests, on the built package (`npm run build` first). */
export const e2eProject = (name: string) =>
  defineProject({
    test: { name: `${name}-e2e`, include: ['test/e2e/**/*.test.ts'], maxWorkers: MAX_WORKERS },
  });
