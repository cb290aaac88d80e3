import { defineProject } from 'vitest/config';

// End-to-end tests on the built package (`npm run build` first): its bins, real Astro sites.
export default defineProject({
  test: {
    name: 'core-e2e',
    include: ['test/e2e/**/*.test.ts'],
  },
});
