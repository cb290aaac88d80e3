import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The public options of the packages, read from their TypeScript sources: every exported type
 * whose name ends in `Options`, reached from a package's entry points, with each property's type
 * and doc comment. The reference pages are written from this (reference-pages.ts) at every build
 * of the site, and a test fails on a public option without a doc comment, so the reference
 * cannot drift from the code.
 */

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The published packages whose entry points the reference reads. */
const PACKAGES = ['astro-loader', 'core', 'mock-server'];

/**
 * Each package's public entry points, from its package.json `exports`: every `./dist/<name>.js`
 * as its source, `src/<name>.ts`. Core's `./internal` entries are left out: they are not for
 * users (its README says so).
 */
export const ENTRY_POINTS: Record<string, Record<string, string>> = Object.fromEntries(
  PACKAGES.map((dir) => {
    const manifest = JSON.parse(
      readFileSync(join(repo, 'packages', dir, 'package.json'), 'utf8'),
    ) as { name: string; exports: Record<string, string | { import?: string }> };
    const entries: Record<string, string> = {};
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      const file = typeof target === 'string' ? target : target.import;
      const built = file && /^\.\/dist\/(.+)\.js$/.exec(file);
      if (!built || subpath.startsWith('./internal')) continue;
      entries[subpath] = `packages/${dir}/src/${built[1]}.ts`;
    }
    return [manifest.name, entries];
  }),
);

export interface OptionDoc {
  name: string;
  type: string;
  optional: boolean;
  /** The doc comment's text ('' when there is none). */
  doc: string;
  /** `@default`, when the comment gives one. */
  defaultValue?: string;
  deprecated?: string;
}

export interface OptionsType {
  name: string;
  /** Where it is exported: `@content-read/astro-loader/live`. */
  from: string;
  doc: string;
  options: OptionDoc[];
}

export interface ErrorClass {
  name: string;
  from: string;
  doc: string;
}

export interface ProxyErrorCode {
  code: string;
  status: number;
  doc: string;
}

/** The file that lists the proxy's error codes (`PROXY_ERRORS`). */
const PROXY_ERRORS_FILE = 'packages/astro-loader/src/server/proxy/error-codes.ts';

interface Checked {
  program: ts.Program;
  checker: ts.TypeChecker;
}

let checked: Checked | undefined;

/** One program over every entry point and the proxy's codes, made once (~3 s). */
function check(): Checked {
  if (checked) return checked;
  const files = [
    ...Object.values(ENTRY_POINTS).flatMap((entries) => Object.values(entries)),
    PROXY_ERRORS_FILE,
  ].map((file) => join(repo, file));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  });
  checked = { program, checker: program.getTypeChecker() };
  return checked;
}

interface Export {
  /** The name it is exported by. */
  name: string;
  symbol: ts.Symbol;
  /** The entry point: `@content-read/astro-loader/live`. */
  from: string;
}

/** Every export of every entry point, each once (where first exported), aliases resolved. */
function exportsOfEntryPoints(): Export[] {
  const { program, checker } = check();
  const seen = new Set<ts.Symbol>();
  const found: Export[] = [];
  for (const [pkg, entries] of Object.entries(ENTRY_POINTS)) {
    for (const [subpath, file] of Object.entries(entries)) {
      const source = program.getSourceFile(join(repo, file));
      const moduleSymbol = source && checker.getSymbolAtLocation(source);
      if (!moduleSymbol) throw new Error(`api-reference: cannot read ${file}`);
      for (const exported of checker.getExportsOfModule(moduleSymbol)) {
        const symbol =
          exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        if (seen.has(symbol)) continue;
        seen.add(symbol);
        const from = subpath === '.' ? pkg : `${pkg}/${subpath.slice(2)}`;
        found.push({ name: exported.name, symbol, from });
      }
    }
  }
  return found;
}

function docOf(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
}

function tagText(tag: ts.JSDocTagInfo): string {
  return ts.displayPartsToString(tag.text).trim();
}

function optionOf(property: ts.Symbol, checker: ts.TypeChecker): OptionDoc {
  const declaration = property.valueDeclaration ?? property.declarations?.[0];
  const type = declaration
    ? checker.getTypeOfSymbolAtLocation(property, declaration)
    : checker.getAnyType();
  const tags = property.getJsDocTags(checker);
  const defaultTag = tags.find((t) => t.name === 'default' || t.name === 'defaultValue');
  const deprecated = tags.find((t) => t.name === 'deprecated');
  return {
    name: property.name,
    type: checker.typeToString(type, declaration, ts.TypeFormatFlags.NoTruncation),
    optional: (property.flags & ts.SymbolFlags.Optional) !== 0,
    doc: docOf(property, checker),
    ...(defaultTag ? { defaultValue: tagText(defaultTag) } : {}),
    ...(deprecated ? { deprecated: tagText(deprecated) || 'deprecated' } : {}),
  };
}

/** Every exported `…Options` type of every entry point, with its properties. */
export function readOptionTypes(): OptionsType[] {
  const { checker } = check();
  return exportsOfEntryPoints()
    .filter(({ name }) => name.endsWith('Options'))
    .filter(({ symbol }) => symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))
    .map(({ name, symbol, from }) => ({
      name,
      from,
      doc: docOf(symbol, checker),
      options: checker
        .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
        .map((property) => optionOf(property, checker)),
    }));
}

/** Every exported error class (a class whose instances are `Error`s). */
export function readErrorClasses(): ErrorClass[] {
  const { checker } = check();
  const error = checker.resolveName('Error', undefined, ts.SymbolFlags.Type, false);
  if (!error) throw new Error('api-reference: no Error type');
  const errorType = checker.getDeclaredTypeOfSymbol(error);
  return exportsOfEntryPoints()
    .filter(({ symbol }) => symbol.flags & ts.SymbolFlags.Class)
    .filter(({ symbol }) =>
      checker.isTypeAssignableTo(checker.getDeclaredTypeOfSymbol(symbol), errorType),
    )
    .map(({ name, symbol, from }) => ({ name, from, doc: docOf(symbol, checker) }));
}

/** The proxy's error codes, from `PROXY_ERRORS`: each code's status and doc comment. */
export function readProxyErrorCodes(): ProxyErrorCode[] {
  const { program, checker } = check();
  const source = program.getSourceFile(join(repo, PROXY_ERRORS_FILE));
  let table: ts.ObjectLiteralExpression | undefined;
  source?.forEachChild(function find(node) {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'PROXY_ERRORS') {
      let value = node.initializer;
      while (value && ts.isAsExpression(value)) value = value.expression;
      if (value && ts.isObjectLiteralExpression(value)) table = value;
    }
    node.forEachChild(find);
  });
  if (!table) throw new Error(`api-reference: no PROXY_ERRORS in ${PROXY_ERRORS_FILE}`);
  return table.properties.filter(ts.isPropertyAssignment).map((property) => {
    const symbol = checker.getSymbolAtLocation(property.name);
    return {
      code: property.name.getText(),
      status: Number(property.initializer.getText()),
      doc: symbol ? docOf(symbol, checker) : '',
    };
  });
}
