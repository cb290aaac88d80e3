import { defineProject } from 'vitest/config';

// The deploy matrix: its own project, so `npm test` reports its time apart from the rest.
export default defineProject({
  test: {
    name: 'deploy',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/fixtures/**'],
    testTimeout: 180_000,
    hookTimeout: 600_000,
  },
});
