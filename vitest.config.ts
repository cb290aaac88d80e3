import { defineConfig } from 'vitest/config';

// One vitest project per package, one for the cross-package tests in test/ and one for the deploy
// matrix (test/deploy/);
// `npm test -w <package>` runs just one of them.
export default defineConfig({
  test: {
    projects: ['packages/*', 'test', 'test/deploy'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
