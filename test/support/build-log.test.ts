import { expect, test } from 'vitest';
import { pagesOf } from './build-log.js';

// Lines as astro/dist/core/build/generate.js writes them (`logRenderTime`, `getTimeStat`), with
// the colours CI turns on.
const log = [
  '\u001b[34m▶\u001b[39m src/pages/articles/[id].astro',
  '  \u001b[34m├─\u001b[39m \u001b[2m/articles/a1/index.html\u001b[22m \u001b[2m(+12ms)\u001b[22m ',
  '  \u001b[34m├─\u001b[39m \u001b[2m/articles/a2/index.html\u001b[22m \u001b[31m(+1.25s)\u001b[39m ',
  '  \u001b[34m├─\u001b[39m \u001b[2m/articles/a3/index.html\u001b[22m \u001b[31m(+1m 3s)\u001b[39m ',
  '  \u001b[32m├─\u001b[39m \u001b[2m/articles/a4/index.html\u001b[22m \u001b[32m(restored)\u001b[39m',
  '  \u001b[32m└─\u001b[39m \u001b[2m/index.html\u001b[22m \u001b[32m(cached)\u001b[39m',
  '\u001b[32m✓ Completed in 1.40s.\u001b[39m',
].join('\n');

test('a page rendered in over a second or a minute counts as rendered, as one in milliseconds does', () => {
  expect(pagesOf(log)).toEqual({
    rendered: ['articles/a1/', 'articles/a2/', 'articles/a3/'],
    reused: ['', 'articles/a4/'],
  });
});
