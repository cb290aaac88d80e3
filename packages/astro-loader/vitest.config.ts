import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'astro-loader',
    include: ['test/**/*.test.ts'],
  },
});
