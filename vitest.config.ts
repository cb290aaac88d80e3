import { defineConfig } from 'vitest/config';

// One vitest project per package (and one for the cross-package tests in test/);
// `npm test -w <package>` runs just one of them.
export default defineConfig({
  test: {
    projects: ['packages/*', 'test'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
