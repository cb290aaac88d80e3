import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each package's unit tests (two projects, `<package> (shared)` and `<package> (isolated)`: see
// scripts/package-projects.ts), one for each package's end-to-end tests (test/e2e/, on the built
// package), one for the cross-package tests in test/ and one for the deploy matrix
// (test/deploy/). `npm run test:unit` runs the unit projects alone, with no build needed.
export default defineConfig({
  test: {
    projects: ['packages/*', 'packages/*/vitest.e2e.config.ts', 'test', 'test/deploy'],
    // Most test files wait on child processes (Astro builds, servers, Chromium) more than they
    // compute, so more files than cores run at once; vitest's default is one fewer than the cores.
    maxWorkers: Math.max(3, availableParallelism()),
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
