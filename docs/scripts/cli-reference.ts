import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The command-line flags of the packages' bins, read from their sources: the `--help` text a
 * bin prints (`HELP`) gives each flag's argument, section and description, and the `parseArgs`
 * options the bin parses give the flags it takes. The CLI reference page is written from the
 * help text; a test fails when the two disagree, so neither the page nor `--help` can name a flag
 * the bin does not take, or leave one out.
 */

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliFlag {
  /** `--port`, with its short form where it has one: `-h, --help`. */
  flag: string;
  /** The flag's long name without dashes: `port`. */
  name: string;
  /** The argument it takes, as the help writes it: `<n>` ('' for a switch). */
  argument: string;
  /** Its description, continuation lines joined. */
  doc: string;
  /** The help's section heading it is under ('' when the help has none). */
  section: string;
}

export interface CliCommand {
  /** As a user runs it: `npx content-read doctor`. */
  command: string;
  /** The package whose bin it is. */
  from: string;
  /** The help's lines before its first flag: what the command does. */
  intro: string;
  flags: CliFlag[];
  /** The long names the bin's `parseArgs` takes. */
  parsed: string[];
}

const COMMANDS = [
  {
    command: 'npx content-read doctor',
    from: '@content-read/core',
    file: 'packages/core/src/doctor/args.ts',
  },
  {
    command: 'npx content-read-mock',
    from: '@content-read/mock-server',
    file: 'packages/mock-server/src/cli-options.ts',
  },
];

/** A `--flag <arg>` at a line's start or after two spaces, then its text up to the next flag. */
const FLAG = /(?:^ {2}| {2,})((?:-\w, )?--([\w-]+))((?: <[^>]+>)?)\s+(.*?)(?= {2,}-|$)/g;

/** The help text's flags: one or two to a line; lines indented past the flags continue one. */
function flagsOf(help: string): { intro: string; flags: CliFlag[] } {
  const flags: CliFlag[] = [];
  const intro: string[] = [];
  let section = '';
  for (const line of help.split('\n')) {
    const found = [...line.matchAll(FLAG)];
    if (found.length > 0) {
      for (const [, flag = '', name = '', argument = '', doc = ''] of found)
        flags.push({ flag, name, argument: argument.trim(), doc: doc.trim(), section });
    } else if (/^ {6,}\S/.test(line) && flags.length > 0) {
      const last = flags[flags.length - 1];
      if (last) last.doc = `${last.doc} ${line.trim()}`;
    } else if (/^\S/.test(line) && flags.length > 0) {
      section = line.replace(/:$/, '').trim();
    } else if (flags.length === 0) {
      intro.push(line);
    }
  }
  // The line just before the first flag heads the first section (`Options:`, `Server`).
  while (intro.length > 0 && (intro[intro.length - 1] ?? '').trim() === '') intro.pop();
  const first = flags.filter((f) => f.section === '');
  const heading = intro.pop()?.replace(/:$/, '').trim() ?? '';
  for (const flag of first) flag.section = heading;
  return { intro: intro.join('\n').trim(), flags };
}

/** The string a `const NAME = `…`` holds, and the option names of the file's `parseArgs` call. */
function readSource(file: string): { help: string; parsed: string[] } {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(repo, file), 'utf8'),
    ts.ScriptTarget.ES2023,
    true,
  );
  let help: string | undefined;
  const parsed: string[] = [];
  source.forEachChild(function visit(node) {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText(source) === 'HELP' &&
      node.initializer &&
      ts.isNoSubstitutionTemplateLiteral(node.initializer)
    )
      help = node.initializer.text;
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'options') {
      const call = node.parent.parent;
      if (
        ts.isCallExpression(call) &&
        call.expression.getText(source) === 'parseArgs' &&
        ts.isObjectLiteralExpression(node.initializer)
      )
        for (const option of node.initializer.properties)
          if (option.name) parsed.push(option.name.getText(source).replace(/^'|'$/g, ''));
    }
    node.forEachChild(visit);
  });
  if (help === undefined) throw new Error(`cli-reference: no HELP template in ${file}`);
  if (parsed.length === 0) throw new Error(`cli-reference: no parseArgs options in ${file}`);
  return { help, parsed };
}

export function readCliCommands(): CliCommand[] {
  return COMMANDS.map(({ command, from, file }) => {
    const { help, parsed } = readSource(file);
    return { command, from, ...flagsOf(help), parsed };
  });
}
