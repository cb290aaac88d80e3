import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  blankDocComments,
  dependencyComments,
} from '../../src/build-time/integration/dependency-comments.js';

const blank = (code: string) => blankDocComments(code, parseSync('x.js', code).comments);

async function transform(code: string, id: string) {
  const { handler } = dependencyComments().transform;
  return handler(code, id);
}

/** The ESTree of `code` (positions included), comments aside. */
const tree = (code: string) => JSON.stringify(parseSync('x.js', code).program);

/** Every .js file of the installed htmlparser2, or of the `entities` it imports. */
function modulesOf(pkg: 'htmlparser2' | 'entities'): { file: string; code: string }[] {
  const parser = dirname(dirname(fileURLToPath(import.meta.resolve('htmlparser2'))));
  const nested = join(parser, 'node_modules/entities');
  const root =
    pkg === 'htmlparser2' ? parser : existsSync(nested) ? nested : join(parser, '../entities');
  return readdirSync(join(root, 'dist'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => join(e.parentPath, e.name))
    .map((file) => ({ file, code: readFileSync(file, 'utf8') }));
}

describe('doc comments of the HTML parser, blanked in a build', () => {
  it('overwrites doc comments with spaces, keeping every position and line break', () => {
    const code = 'const a = 1; /** one\n * two é\n */\nfunction f() {}\n';
    const out = blank(code);
    expect(out).toBe(`const a = 1; ${' '.repeat(7)}\n${' '.repeat(8)}\n   \nfunction f() {}\n`);
    expect(out.length).toBe(code.length);
  });

  it('keeps annotations, legal comments, plain comments and what only looks like a comment', () => {
    const code = [
      'export const t = /* #__PURE__ */ make();',
      'export const u = /** @__PURE__ */ make();',
      '/** @__NO_SIDE_EFFECTS__ */ function make() { return 1; }',
      '/*! kept for the license */',
      '/** @license MIT */',
      '/* plain */ // line',
      'const s = "/** not a comment */";',
      'const r = /\\/\\*\\*/;',
      'const t2 = `/** in a template */`;',
      '/** dropped */',
    ].join('\n');
    const lines = blank(code).split('\n');
    expect(lines.slice(0, 9)).toEqual(code.split('\n').slice(0, 9));
    expect(lines[9]).toBe(' '.repeat(14));
  });

  it('leaves the code of every htmlparser2 and entities module as it was (the same syntax tree)', () => {
    const modules = [...modulesOf('htmlparser2'), ...modulesOf('entities')];
    expect(modules.length).toBeGreaterThan(10);
    let blanked = 0;
    for (const { file, code } of modules) {
      const out = blank(code);
      expect(out.length, file).toBe(code.length);
      expect(tree(out), file).toBe(tree(code));
      expect(out.split('\n').length, file).toBe(code.split('\n').length);
      if (out !== code) blanked++;
    }
    expect(blanked).toBeGreaterThan(5);
  });

  it("transforms the parser's modules alone, and returns nothing when nothing changes", async () => {
    const code = '/** doc */\nexport const x = 1;\n';
    const blanked = { code: `${' '.repeat(10)}\nexport const x = 1;\n`, map: null };
    for (const pkg of ['htmlparser2', 'entities', 'domhandler']) {
      expect(await transform(code, `/site/node_modules/${pkg}/dist/index.js`)).toEqual(blanked);
    }
    expect(await transform(code, '/site/node_modules/astro/dist/index.js')).toBeUndefined();
    expect(await transform(code, '/site/src/pages/index.js')).toBeUndefined();
    expect(
      await transform('export const x = 1;\n', '/site/node_modules/entities/dist/x.js'),
    ).toBeUndefined();
    expect(dependencyComments().apply).toBe('build');
  });
});
