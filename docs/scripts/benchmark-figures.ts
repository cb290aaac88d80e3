import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * The performance page's figures, read from the repository's BENCHMARKS.md (which `npm run bench`
 * writes) at every start of the site, never copied by hand: its table of figures and the line
 * that says when they were measured, as a Markdown partial the page imports.
 */

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const BENCHMARKS = join(repo, 'BENCHMARKS.md');

/**
 * The partial: BENCHMARKS.md's first table, with its date line above it. Its title names the
 * table's scrolling region (scrollable-tables.ts); the page shows no title of the partial's.
 */
export async function benchmarkFigures(): Promise<string> {
  const text = await readFile(BENCHMARKS, 'utf8');
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| id |'));
  if (start === -1) throw new Error(`benchmark-figures: no table of figures in ${BENCHMARKS}`);
  let end = start;
  while (lines[end]?.startsWith('|')) end++;
  const when = /on (\d{4}-\d{2}-\d{2})/.exec(text)?.[1];
  return [
    '---',
    'title: Benchmark figures',
    '---',
    '',
    `From \`BENCHMARKS.md\`${when ? `, last written on ${when}` : ''}; each row says when it was measured there.`,
    '',
    ...lines.slice(start, end),
    '',
  ].join('\n');
}

/** The integration: the partial, written before Astro reads the page that imports it. */
export function benchmarkFiguresPartial(): AstroIntegration {
  return {
    name: 'content-read:benchmark-figures',
    hooks: {
      'astro:config:setup': async ({ config, command }) => {
        if (command === 'preview') return;
        const file = fileURLToPath(new URL('generated/benchmark-figures.md', config.srcDir));
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, await benchmarkFigures());
      },
    },
  };
}
