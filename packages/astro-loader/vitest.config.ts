import { defineProject } from 'vitest/config';
import { sourceAliases } from '../../scripts/source-aliases.js';

// Unit tests: they run on the sources (ours and the sibling packages'), no build needed. The
// end-to-end tests (test/e2e/, on the built package) are the project in vitest.e2e.config.ts.
export default defineProject({
  resolve: { alias: sourceAliases() },
  test: {
    name: 'astro-loader',
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', '**/node_modules/**', 'test/fixtures/**'],
  },
});
