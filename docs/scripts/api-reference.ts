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

export interface ErrorCode {
  code: string;
  status: number;
  doc: string;
}

/** The file that lists the proxy's error codes (`PROXY_ERRORS`). */
const LINK_TARGETS_FILE = 'packages/astro-loader/src/body/links/link-targets.ts';
const PROXY_ERRORS_FILE = 'packages/astro-loader/src/server/proxy/error-codes.ts';
/** The file that lists the publish webhook's error codes (`PUBLISH_ERRORS`). */
const PUBLISH_ERRORS_FILE = 'packages/astro-loader/src/server/publish/error-codes.ts';
/** The file that lists the `astro dev` refresh webhook's error codes (`REFRESH_ERRORS`). */
const REFRESH_ERRORS_FILE =
  'packages/astro-loader/src/build-time/integration/refresh-error-codes.ts';

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
    PUBLISH_ERRORS_FILE,
    REFRESH_ERRORS_FILE,
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

let walked: Export[] | undefined;

/**
 * Every export of every entry point, under each entry point that exports it, aliases resolved
 * (walked once, as the program is made once).
 */
function allExports(): Export[] {
  if (walked) return walked;
  const { program, checker } = check();
  const found: Export[] = [];
  for (const [pkg, entries] of Object.entries(ENTRY_POINTS)) {
    for (const [subpath, file] of Object.entries(entries)) {
      const source = program.getSourceFile(join(repo, file));
      const moduleSymbol = source && checker.getSymbolAtLocation(source);
      if (!moduleSymbol) throw new Error(`api-reference: cannot read ${file}`);
      const from = subpath === '.' ? pkg : `${pkg}/${subpath.slice(2)}`;
      for (const exported of checker.getExportsOfModule(moduleSymbol)) {
        const symbol =
          exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        found.push({ name: exported.name, symbol, from });
      }
    }
  }
  walked = found;
  return found;
}

/** Every export of every entry point, each once (where first exported). */
function exportsOfEntryPoints(): Export[] {
  const seen = new Set<ts.Symbol>();
  return allExports().filter(({ symbol }) => !seen.has(symbol) && Boolean(seen.add(symbol)));
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

export interface ExportDoc {
  /** The name it is exported by (`default` for a default export). */
  name: string;
  /** The entry point: `@content-read/astro-loader/live`. */
  from: string;
  kind: 'function' | 'class' | 'type' | 'constant';
  doc: string;
}

function kindOf(symbol: ts.Symbol): ExportDoc['kind'] {
  if (symbol.flags & ts.SymbolFlags.Class) return 'class';
  if (symbol.flags & ts.SymbolFlags.Function) return 'function';
  if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) return 'type';
  return 'constant';
}

/**
 * Every export of every entry point, each under every entry point that exports it (core's `.`
 * and `./web` export the same names), with its doc comment.
 */
export function readExports(): ExportDoc[] {
  const { checker } = check();
  return allExports().map(({ name, symbol, from }) => ({
    name,
    from,
    kind: kindOf(symbol),
    doc: docOf(symbol, checker),
  }));
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

/** Whether a class's instances are `Error`s. */
function isErrorClass(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  const error = checker.resolveName('Error', undefined, ts.SymbolFlags.Type, false);
  if (!error) throw new Error('api-reference: no Error type');
  return (
    (symbol.flags & ts.SymbolFlags.Class) !== 0 &&
    checker.isTypeAssignableTo(
      checker.getDeclaredTypeOfSymbol(symbol),
      checker.getDeclaredTypeOfSymbol(error),
    )
  );
}

/** Every exported error class (a class whose instances are `Error`s). */
export function readErrorClasses(): ErrorClass[] {
  const { checker } = check();
  return exportsOfEntryPoints()
    .filter(({ symbol }) => isErrorClass(symbol, checker))
    .map(({ name, symbol, from }) => ({ name, from, doc: docOf(symbol, checker) }));
}

/**
 * The error classes a package throws without exporting them (a setup error, a blog the key
 * cannot read, a live deadline): a user meets them in a build's output or a page's error, so
 * the reference lists them too. Every class of a package's sources whose instances are `Error`s
 * and that no entry point exports; `from` is the package.
 */
export function readUnexportedErrorClasses(): ErrorClass[] {
  const { program, checker } = check();
  const exported = new Set(exportsOfEntryPoints().map(({ symbol }) => symbol));
  // A base class (OneLineError, RetryLaterError) is met only as the classes that extend it.
  const bases = new Set<ts.Symbol>();
  const found: (ErrorClass & { symbol: ts.Symbol })[] = [];
  for (const pkg of PACKAGES) {
    const name = Object.keys(ENTRY_POINTS).find((n) => n.endsWith(`/${pkg}`)) ?? pkg;
    const src = `${join(repo, 'packages', pkg, 'src')}/`;
    for (const source of program.getSourceFiles()) {
      if (!source.fileName.startsWith(src)) continue;
      source.forEachChild((node) => {
        if (!ts.isClassDeclaration(node) || !node.name) return;
        const symbol = checker.getSymbolAtLocation(node.name);
        if (!symbol || !isErrorClass(symbol, checker)) return;
        for (const base of checker.getDeclaredTypeOfSymbol(symbol).getBaseTypes?.() ?? [])
          if (base.symbol) bases.add(base.symbol);
        if (exported.has(symbol)) return;
        found.push({ name: symbol.name, from: name, doc: docOf(symbol, checker), symbol });
      });
    }
  }
  return found
    .filter(({ symbol }) => !bases.has(symbol))
    .map(({ name, from, doc }) => ({ name, from, doc }))
    .sort((a, b) => a.from.localeCompare(b.from) || a.name.localeCompare(b.name));
}

/** `<ArticleBody>`'s component file, whose `Props` the reference lists. */
const ARTICLE_BODY_FILE = 'packages/astro-loader/components/ArticleBody.astro';

/**
 * The props of `<ArticleBody>`, from the `Props` interface in its frontmatter: each prop's type
 * as written and its doc comment (an `.astro` file is not in the program, so its frontmatter is
 * parsed on its own).
 */
export function readArticleBodyProps(): OptionDoc[] {
  const text = readFileSync(join(repo, ARTICLE_BODY_FILE), 'utf8');
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text)?.[1];
  if (!frontmatter) throw new Error(`api-reference: no frontmatter in ${ARTICLE_BODY_FILE}`);
  const source = ts.createSourceFile('ArticleBody.ts', frontmatter, ts.ScriptTarget.ES2023, true);
  const props = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Props',
  );
  if (!props) throw new Error(`api-reference: no interface Props in ${ARTICLE_BODY_FILE}`);
  return props.members.filter(ts.isPropertySignature).map((member) => {
    const docs = ts.getJSDocCommentsAndTags(member).filter(ts.isJSDoc);
    const doc = docs
      .map((d) => (typeof d.comment === 'string' ? d.comment : ts.getTextOfJSDocComment(d.comment)))
      .filter(Boolean)
      .join(' ')
      .trim();
    return {
      name: member.name.getText(source),
      type: member.type?.getText(source) ?? 'unknown',
      optional: member.questionToken !== undefined,
      doc,
    };
  });
}

/** The error codes a table of `code: status` (`PROXY_ERRORS`) lists, with their doc comments. */
function readErrorCodes(file: string, name: string): ErrorCode[] {
  return objectTable(file, name).map(({ property, doc }) => ({
    code: property.name.getText(),
    status: Number(property.initializer.getText()),
    doc,
  }));
}

/**
 * The properties of the object literal `name` is declared as in `file` (through `as const`),
 * each with its doc comment: the tables the reference pages list (error codes, reasons).
 */
function objectTable(
  file: string,
  name: string,
): Array<{ property: ts.PropertyAssignment; doc: string }> {
  const { program, checker } = check();
  const source = program.getSourceFile(join(repo, file));
  let table: ts.ObjectLiteralExpression | undefined;
  source?.forEachChild(function find(node) {
    if (ts.isVariableDeclaration(node) && node.name.getText() === name) {
      let value = node.initializer;
      while (value && ts.isAsExpression(value)) value = value.expression;
      if (value && ts.isObjectLiteralExpression(value)) table = value;
    }
    node.forEachChild(find);
  });
  if (!table) throw new Error(`api-reference: no ${name} in ${file}`);
  return table.properties.filter(ts.isPropertyAssignment).map((property) => {
    const symbol = checker.getSymbolAtLocation(property.name);
    return { property, doc: symbol ? docOf(symbol, checker) : '' };
  });
}

/** A broken link's reason: what the sync's warning says, and the doc comment. */
export interface BrokenLinkReason {
  reason: string;
  says: string;
  doc: string;
}

/** Why a link between articles is broken, from `BROKEN_LINK_REASONS`. */
export function readBrokenLinkReasons(): BrokenLinkReason[] {
  const text = (node: ts.Node) => (ts.isStringLiteralLike(node) ? node.text : node.getText());
  return objectTable(LINK_TARGETS_FILE, 'BROKEN_LINK_REASONS').map(({ property, doc }) => ({
    reason: text(property.name),
    says: text(property.initializer),
    doc,
  }));
}

/** The proxy's error codes, from `PROXY_ERRORS`: each code's status and doc comment. */
export function readProxyErrorCodes(): ErrorCode[] {
  return readErrorCodes(PROXY_ERRORS_FILE, 'PROXY_ERRORS');
}

/** The publish webhook's error codes, from `PUBLISH_ERRORS`. */
export function readPublishErrorCodes(): ErrorCode[] {
  return readErrorCodes(PUBLISH_ERRORS_FILE, 'PUBLISH_ERRORS');
}

/** The `astro dev` refresh webhook's error codes, from `REFRESH_ERRORS`. */
export function readRefreshErrorCodes(): ErrorCode[] {
  return readErrorCodes(REFRESH_ERRORS_FILE, 'REFRESH_ERRORS');
}
