import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../scripts/package-projects.js';

// Cross-package tests: browser end-to-end, reliability suites, publishability smoke tests.
export default defineProject({
  test: {
    name: 'cross-package',
    maxWorkers: MAX_WORKERS,
    include: ['**/*.test.ts'],
    // The deploy matrix is its own project (test/deploy/vitest.config.ts).
    exclude: ['**/node_modules/**', '**/fixtures/**', 'deploy/**'],
    // Finds the Chromium for the browser tests once per run and prints which one.
    globalSetup: ['./support/browser-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
