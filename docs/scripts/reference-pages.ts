import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
  ENTRY_POINTS,
  type ErrorClass,
  type ErrorCode,
  type ExportDoc,
  type OptionDoc,
  type OptionsType,
  readArticleBodyProps,
  readBrokenLinkReasons,
  readErrorClasses,
  readExports,
  readOptionTypes,
  readProxyErrorCodes,
  readPublishErrorCodes,
  readRefreshErrorCodes,
  readUnexportedErrorClasses,
} from './api-reference.ts';
import { type CliCommand, readCliCommands } from './cli-reference.ts';

/**
 * The reference pages written from the code: every export of every entry point, the options, one
 * page per package (the loader's with `<ArticleBody>`'s props), the errors, and the command-line
 * flags.
 * Written into the docs collection as the site starts (`astro build`, `astro dev`), from the
 * packages' types and doc comments (api-reference.ts). They are not committed (.gitignore): no
 * page can say what the code does not.
 */

const OPTIONS_PREFIX = 'options-';
const ERRORS_PAGE = 'errors.md';
const CLI_PAGE = 'cli.md';
const EXPORTS_PAGE = 'exports.md';
const GENERATED = [ERRORS_PAGE, CLI_PAGE, EXPORTS_PAGE];
/** The package whose page lists `<ArticleBody>`'s props. */
const COMPONENT_PACKAGE = '@content-read/astro-loader';

/** A table cell: one line, pipes escaped, `{@link X}` as code. */
function cell(text: string): string {
  return text
    .replace(/\{@link\s+([^}\s|]+)(?:[\s|][^}]*)?\}/g, '`$1`')
    .replace(/\s*\n\s*/g, ' ')
    .replaceAll('|', '\\|');
}

function row(option: OptionDoc): string {
  const name = `\`${option.name}\`${option.optional ? '' : ' (required)'}`;
  // An optional property's type without the `| undefined` every optional one has.
  const type = option.optional ? option.type.replace(/ \| undefined$/, '') : option.type;
  const parts = [
    option.deprecated ? `**Deprecated:** ${option.deprecated}` : '',
    option.doc,
    option.defaultValue && !/Default:/.test(option.doc)
      ? `Default: \`${option.defaultValue}\`.`
      : '',
  ];
  return `| ${name} | \`${cell(type)}\` | ${cell(parts.filter(Boolean).join(' '))} |`;
}

function section(type: OptionsType): string {
  return [
    `## ${type.name}`,
    '',
    `\`import type { ${type.name} } from '${type.from}';\``,
    '',
    ...(type.doc ? [type.doc, ''] : []),
    '| Option | Type | Description |',
    '|---|---|---|',
    ...type.options.map(row),
    '',
  ].join('\n');
}

/** `<ArticleBody>`'s props, from the `Props` of its frontmatter. */
function componentSection(): string {
  return [
    '## `<ArticleBody>` props',
    '',
    "`import ArticleBody from '@content-read/astro-loader/ArticleBody.astro';`",
    '',
    "An article's body as a local Markdown file's would render: highlighted code, headings with",
    "ids, and the images your site authorises through Astro's image service.",
    '',
    '| Prop | Type | Description |',
    '|---|---|---|',
    ...readArticleBodyProps().map(row),
    '',
  ].join('\n');
}

function page(pkg: string, types: OptionsType[]): string {
  return [
    '---',
    `title: "Options of ${pkg}"`,
    `description: Every option of ${pkg}, from its types and their doc comments.`,
    '---',
    '',
    `Written from the package's TypeScript types and their doc comments at every build of this`,
    `site: every exported type whose name ends in \`Options\`, from each entry point of ${pkg}.`,
    '',
    ...(pkg === COMPONENT_PACKAGE ? [componentSection()] : []),
    ...types.map(section),
  ].join('\n');
}

function codeRows(codes: ErrorCode[]): string[] {
  return codes.map((c) => `| ${c.status} | \`${c.code}\` | ${cell(c.doc)} |`);
}

function errorRows(classes: ErrorClass[]): string[] {
  return classes.map((c) => `| \`${c.name}\` | \`${c.from}\` | ${cell(c.doc)} |`);
}

/** One command's flags, by the sections of its `--help`. */
function commandSection(command: CliCommand): string {
  const lines = [`## \`${command.command}\``, '', `From \`${command.from}\`.`, ''];
  const intro = command.intro.replace(/^Usage:.*$/m, '').trim();
  if (intro) lines.push('```text', intro, '```', '');
  lines.push('| Flag | Section | Description |', '|---|---|---|');
  // A URL in the help (a default origin) as code: the site links none of the reader's machine.
  const urlsAsCode = (text: string) => text.replace(/\bhttps?:\/\/[^\s)]+/g, '`$&`');
  for (const f of command.flags)
    lines.push(
      `| \`${f.flag}${f.argument ? ` ${f.argument}` : ''}\` | ${cell(f.section)} | ${urlsAsCode(cell(f.doc))} |`,
    );
  lines.push('');
  return lines.join('\n');
}

/** Every entry point's exports, values first, then types. */
function exportsPage(): string {
  const byEntry = new Map<string, ExportDoc[]>();
  for (const e of readExports()) byEntry.set(e.from, [...(byEntry.get(e.from) ?? []), e]);
  const order = (e: ExportDoc) => (e.kind === 'type' ? 1 : 0);
  const lines = [
    '---',
    'title: Exports',
    'description: Everything each entry point of the packages exports, from the code.',
    '---',
    '',
    "Written from the packages' entry points and their doc comments at every build of this site:",
    'each entry point exports exactly what its table lists. Options types have their own pages',
    '([the loader](/reference/options-astro-loader/), [the client](/reference/options-core/),',
    '[the mock server](/reference/options-mock-server/)).',
    '',
  ];
  for (const [from, exports] of byEntry) {
    lines.push(`## \`${from}\``, '', '| Export | Kind | Description |', '|---|---|---|');
    for (const e of [...exports].sort(
      (a, b) => order(a) - order(b) || a.name.localeCompare(b.name),
    ))
      lines.push(`| \`${e.name}\` | ${e.kind} | ${cell(e.doc)} |`);
    lines.push('');
  }
  return lines.join('\n');
}

function cliPage(): string {
  return [
    '---',
    'title: Command line',
    "description: Every flag of the packages' commands, from their --help.",
    '---',
    '',
    "Written from each command's `--help` text at every build of this site; a test checks that it",
    'names exactly the flags the command takes.',
    '',
    ...readCliCommands().map(commandSection),
  ].join('\n');
}

/** The file name of a package's page: `options-astro-loader.md`. */
function pageFile(pkg: string): string {
  return `${OPTIONS_PREFIX}${pkg.replace('@content-read/', '')}.md`;
}

function errorsPage(): string {
  const classes = readErrorClasses();
  return [
    '---',
    'title: Errors',
    'description: Every error class the packages throw and every error code the proxy and the webhooks send.',
    '---',
    '',
    "Written from the packages' types and doc comments at every build of this site. Every message",
    'says what went wrong, where (collection, URL path, article id, field or variable) and what to',
    'do, in one line; none holds the API key.',
    '',
    '## Error classes',
    '',
    '| Error | Exported from | When, and what to do |',
    '|---|---|---|',
    ...errorRows(classes),
    '',
    '## Errors met in output, not exported',
    '',
    "Thrown by the packages without being exported: you meet them in a build's output or a page's",
    'error, by their name.',
    '',
    '| Error | Thrown by | When, and what to do |',
    '|---|---|---|',
    ...errorRows(readUnexportedErrorClasses()),
    '',
    '## Broken links between articles',
    '',
    'With `articlesLoader({ articleUrl })`, each sync warns once per article about links into',
    "the workspace (under a blog's `url`, or on the host of an article's canonical URL) that name",
    'no article the site publishes, then sums them up; `brokenLinks` keeps, unlinks or fails on',
    'them. Each link is named with its reason:',
    '',
    '| Reason | The warning says | When, and what to do |',
    '|---|---|---|',
    ...readBrokenLinkReasons().map((r) => `| ${r.reason} | ${cell(r.says)} | ${cell(r.doc)} |`),
    '',
    '## Proxy error codes',
    '',
    'The JSON body of an error answer from the backend proxy (`contentRead({ proxy })`) is',
    '`{ "error": { "status", "code", "message" } }`. The API\'s own codes never pass through.',
    '',
    '| Status | Code | When, and what to do |',
    '|---|---|---|',
    ...codeRows(readProxyErrorCodes()),
    '',
    '## Publish webhook error codes',
    '',
    'The publish webhook (`contentRead({ publish: true })`) answers errors with the same JSON body.',
    '',
    '| Status | Code | When, and what to do |',
    '|---|---|---|',
    ...codeRows(readPublishErrorCodes()),
    '',
    '## Refresh webhook error codes',
    '',
    'The `astro dev` refresh webhook (`contentRead({ refresh })`) answers errors with the same JSON',
    'body.',
    '',
    '| Status | Code | When, and what to do |',
    '|---|---|---|',
    ...codeRows(readRefreshErrorCodes()),
    '',
  ].join('\n');
}

export async function writeReferencePages(dir: string): Promise<void> {
  const types = readOptionTypes();
  await mkdir(dir, { recursive: true });
  for (const old of await readdir(dir)) {
    if (old.startsWith(OPTIONS_PREFIX) || GENERATED.includes(old)) await rm(join(dir, old));
  }
  for (const pkg of Object.keys(ENTRY_POINTS)) {
    const own = types.filter((t) => t.from === pkg || t.from.startsWith(`${pkg}/`));
    await writeFile(join(dir, pageFile(pkg)), page(pkg, own));
  }
  await writeFile(join(dir, ERRORS_PAGE), errorsPage());
  await writeFile(join(dir, CLI_PAGE), cliPage());
  await writeFile(join(dir, EXPORTS_PAGE), exportsPage());
}

/** The integration: the pages, written before Astro reads the docs collection. */
export function referencePages(): AstroIntegration {
  return {
    name: 'content-read:reference-pages',
    hooks: {
      'astro:config:setup': async ({ config, command }) => {
        // A preview serves the pages a build wrote; it reads no content.
        if (command === 'preview') return;
        const dir = fileURLToPath(new URL('content/docs/reference/', config.srcDir));
        await writeReferencePages(dir);
      },
    },
  };
}
