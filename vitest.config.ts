import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/longest-first-sequencer.js';
import { useMemoryTmpdir } from './scripts/memory-tmpdir.js';
import { MAX_WORKERS } from './scripts/package-projects.js';

useMemoryTmpdir();

// Each package's unit tests (two projects, `<package> (shared)` and `<package> (isolated)`: see
// scripts/package-projects.ts), one for each package's end-to-end tests (test/e2e/, on the built
// package), one for the cross-package tests in test/ and one for the deploy matrix
// (test/deploy/). `npm run test:unit` runs the unit projects alone, with no build needed.
export default defineConfig({
  test: {
    projects: ['packages/*', 'packages/*/vitest.e2e.config.ts', 'test', 'test/deploy'],
    // Files run MAX_WORKERS at a time (see scripts/package-projects.ts); each project sets it too,
    // since vitest does not pass this one on to the projects.
    maxWorkers: MAX_WORKERS,
    // The longest files first, so that the run does not end on one of them alone.
    sequence: { sequencer: LongestFirstSequencer },
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
