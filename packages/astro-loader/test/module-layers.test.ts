/**
 * src/ is layered by when its code runs: shared/ (both lifetimes) at the bottom, body/ (the
 * article-body steps) on it, server/ (request time) on those, build-time/ (build time) on top, with
 * article-body/ (what ArticleBody.astro imports) beside them and the entry points over all.
 * No file imports a layer above its own, and no files import each other in a circle; type
 * imports count too (`import type`, `import('…')` types), since they tie the files as well.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Each file (its path in src/) and the files of src/ it imports, static, dynamic or types. */
type ImportGraph = Map<string, string[]>;

/** The layers a file in each layer may import: its own and those below it. */
const MAY_IMPORT: Record<string, string[]> = {
  entry: ['entry', 'article-body', 'build-time', 'server', 'body', 'shared'],
  'article-body': ['article-body', 'body', 'shared'],
  'build-time': ['build-time', 'server', 'body', 'shared'],
  server: ['server', 'body', 'shared'],
  body: ['body', 'shared'],
  shared: ['shared'],
};

/** A file's layer: its top folder in src/, or `entry` for the entry points (index.ts, live.ts…). */
const layerOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : 'entry');

function importGraph(root: string): ImportGraph {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split(sep).join('/'))
    .sort();
  return new Map(
    files.map((file) => {
      // TypeScript's own scan: import/export … from (type-only too), import('…'), comments skipped.
      const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true);
      const imported = importedFiles
        .map(({ fileName }) => fileName)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => posix.join(posix.dirname(file), spec).replace(/\.js$/, '.ts'))
        .filter((target) => !target.startsWith('../')); // ../../package.json
      return [file, [...new Set(imported)].sort()];
    }),
  );
}

/** Each circle of imports, as `a → b → a` (one per import that closes a circle). */
function cycles(graph: ImportGraph): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    if (done.has(file)) return;
    const at = path.indexOf(file);
    if (at >= 0) {
      found.push([...path.slice(at), file].join(' → '));
      return;
    }
    path.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return found;
}

/** Each import of a layer its file's layer may not import, as `file → imported file`. */
function upwardImports(graph: ImportGraph): string[] {
  return [...graph].flatMap(([file, imported]) =>
    imported
      .filter((target) => !MAY_IMPORT[layerOf(file)]?.includes(layerOf(target)))
      .map((target) => `${file} → ${target}`),
  );
}

describe('the layers of src/', () => {
  const graph = importGraph(fileURLToPath(new URL('../src/', import.meta.url)));

  it('every file is in a layer', () => {
    expect([...graph.keys()].filter((file) => !(layerOf(file) in MAY_IMPORT))).toEqual([]);
  });

  it('no files import each other in a circle, type imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('no file imports a layer above its own', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('the graph holds type-only imports and import() types', () => {
    expect(graph.get('server/proxy/virtual.d.ts')).toContain('server/proxy/rate-limit.ts');
  });
});

describe('the checks themselves', () => {
  it('find a circle, at any length, and nothing in a graph without one', () => {
    const circle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(cycles(circle)).toEqual(['a.ts → b.ts → c.ts → a.ts']);
    expect(cycles(new Map([['a.ts', ['a.ts']]]))).toEqual(['a.ts → a.ts']);
    const diamond = new Map([
      ['a.ts', ['b.ts', 'c.ts']],
      ['b.ts', ['d.ts']],
      ['c.ts', ['d.ts']],
    ]);
    expect(cycles(diamond)).toEqual([]);
  });

  it('find an import up the layers, and allow the ones down', () => {
    const graph = new Map([
      ['index.ts', ['build-time/a.ts', 'article-body/b.ts']],
      ['build-time/a.ts', ['server/c.ts', 'body/d.ts']],
      ['server/c.ts', ['shared/e.ts', 'build-time/a.ts']],
      ['body/d.ts', ['shared/e.ts']],
      ['shared/e.ts', ['body/d.ts']],
      ['article-body/b.ts', ['body/d.ts', 'server/c.ts']],
    ]);
    expect(upwardImports(graph)).toEqual([
      'server/c.ts → build-time/a.ts',
      'shared/e.ts → body/d.ts',
      'article-body/b.ts → server/c.ts',
    ]);
  });
});
