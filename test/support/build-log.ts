import { stripVTControlCharacters } from 'node:util';

/**
 * The pages an `astro build` rendered and those it took from the incremental cache, read from
 * its log (colours removed: CI turns them on), each as its path without `index.html`, sorted.
 *
 * Astro ends a rendered page's line with the time it took as `getTimeStat()` writes it: `(+12ms)`,
 * `(+1.25s)` past a second, `(+1m 3s)` past a minute. A page that a loaded machine renders in over
 * a second must still count as rendered, so any `(+…)` does.
 */
export function pagesOf(output: string): { rendered: string[]; reused: string[] } {
  const rendered: string[] = [];
  const reused: string[] = [];
  for (const line of stripVTControlCharacters(output).split('\n')) {
    const page = /[├└]─ \/(\S*?)index\.html \((\+[^)]+|restored|cached)\)$/.exec(line.trimEnd());
    if (!page) continue;
    (page[2]?.startsWith('+') ? rendered : reused).push(page[1] ?? '');
  }
  return { rendered: rendered.sort(), reused: reused.sort() };
}
