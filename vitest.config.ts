import { defineConfig } from 'vitest/config';

// One vitest project per package; `npm test -w <package>` runs just one of them.
export default defineConfig({
  test: {
    projects: ['packages/*', 'test'],
  },
});
