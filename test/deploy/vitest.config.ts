import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../../scripts/package-projects.js';

// The deploy matrix: its own project, so `npm test` reports its time apart from the rest. It runs
// beside the other projects' files (MAX_WORKERS: see scripts/package-projects.ts), started first.
export default defineProject({
  test: {
    name: 'deploy',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/fixtures/**'],
    testTimeout: 180_000,
    hookTimeout: 600_000,
    maxWorkers: MAX_WORKERS,
    // The run's scratch folder: the matrix installs on top of the run's packed site.
    globalSetup: ['../support/run-scratch.ts'],
  },
});
