/**
 * The site the docs build: the quickstart, then every guide in the sidebar's order, each titled
 * sample a file of one site. A file shown again is shown whole, as it stands after the pages
 * before it, with the lines it adds or changes marked (`ins={…}`): so a reader who pastes it
 * loses nothing an earlier page added. A sample marked `variant` is a file of another setup
 * (another adapter, another CMS) and is not part of the site.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCS_PAGES, pageSamples, type Sample } from './doc-samples.js';

/** The pages a reader follows, in order: the quickstart, then the guides as the sidebar lists them. */
export async function pagesInOrder(): Promise<string[]> {
  const names = (await readdir(join(DOCS_PAGES, 'guides'))).filter((n) => /\.mdx?$/.test(n));
  const guides = await Promise.all(
    names.map(async (name) => {
      const text = await readFile(join(DOCS_PAGES, 'guides', name), 'utf8');
      const order = Number(/^sidebar:\s*\n\s+order:\s*(\d+)/m.exec(text)?.[1] ?? Infinity);
      return { page: `guides/${name}`, order };
    }),
  );
  guides.sort((a, b) => a.order - b.order || a.page.localeCompare(b.page));
  return ['getting-started/quickstart.md', ...guides.map((g) => g.page)];
}

export interface DocSite {
  /** Each file (path → code) as the last page that shows it leaves it. */
  files: Record<string, string>;
  /** Each file's versions, in order: where each was shown. */
  history: Record<string, string[]>;
  /** What keeps the pages from composing, one line each (page:line, what, what to do). */
  problems: string[];
}

/** The docs' site, from the samples of `pages` (default: every page a reader follows, in order). */
export async function docSite(pages?: string[]): Promise<DocSite> {
  const samples = (await Promise.all((pages ?? (await pagesInOrder())).map(pageSamples))).flat();
  return compose(samples);
}

/** Applies `samples` in order: a file's first sample makes it, each later one replaces it whole. */
export function compose(samples: Sample[]): DocSite {
  const files: Record<string, string> = {};
  const history: Record<string, string[]> = {};
  const problems: string[] = [];
  for (const sample of samples) {
    if (!sample.file || sample.variant) continue;
    const before = files[sample.file];
    const shown = history[sample.file] ?? [];
    problems.push(...changeProblems(sample, before, shown.at(-1)));
    files[sample.file] = sample.code;
    history[sample.file] = [...shown, sample.where];
  }
  return { files, history, problems };
}

/**
 * What is wrong with `sample` as the next version of its file: a line of `before` it drops
 * without replacing, a line it adds or changes that `ins` does not mark, or a mark on a line that
 * was there before. (Blank lines are layout: neither marked nor missed.)
 */
function changeProblems(sample: Sample, before: string | undefined, previous?: string): string[] {
  const at = (line: number) => `${sample.where.replace(/:\d+$/, '')}:${startLine(sample) + line}`;
  const marked = sample.inserted;
  const after = lines(sample.code);
  if (before === undefined) {
    return marked.size
      ? [`${sample.where}: ${sample.file} is new here, so no line of it is marked ins={…}`]
      : [];
  }
  const problems: string[] = [];
  const added = new Set<number>();
  for (const hunk of diff(lines(before), after)) {
    const removed = hunk.removed.filter((line) => line.trim());
    if (removed.length && !hunk.added.some((n) => after[n - 1]?.trim()))
      problems.push(
        `${at(hunk.at)}: ${sample.file} drops "${removed[0]?.trim()}" (shown at ${previous}): show the file whole, as the pages before it leave it, or mark the sample variant`,
      );
    for (const n of hunk.added) if (after[n - 1]?.trim()) added.add(n);
  }
  for (const n of added)
    if (!marked.has(n))
      problems.push(
        `${at(n)}: ${sample.file} adds or changes "${after[n - 1]?.trim()}": mark it in ins={…}`,
      );
  for (const n of marked)
    if (!added.has(n))
      problems.push(
        `${at(n)}: ${sample.file}'s line ${n} is marked ins={…} but was there before (${previous})`,
      );
  return problems;
}

/** The lines (1-based) of `after` that are not in `before`: what `ins={…}` marks. */
export function changedLines(before: string, after: string): number[] {
  const code = lines(after);
  return diff(lines(before), code)
    .flatMap((hunk) => hunk.added)
    .filter((n) => code[n - 1]?.trim());
}

/** The line of the page on which a sample's code starts (the one after its fence). */
const startLine = (sample: Sample) => Number(/:(\d+)$/.exec(sample.where)?.[1] ?? 0);

const lines = (code: string) =>
  code
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => l.trimEnd());

interface Hunk {
  /** The line of `after` (1-based) where the hunk starts. */
  at: number;
  /** The lines of `before` it takes out. */
  removed: string[];
  /** The lines of `after` (1-based) it puts in. */
  added: number[];
}

/** The hunks that turn `before` into `after`, from their longest common subsequence. */
function diff(before: string[], after: string[]): Hunk[] {
  const n = before.length;
  const m = after.length;
  // lcs(i, j): the length of the longest common subsequence of before[i..] and after[j..].
  const table = new Int32Array((n + 1) * (m + 1));
  const lcs = (i: number, j: number) => table[i * (m + 1) + j] ?? 0;
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i * (m + 1) + j] =
        before[i] === after[j] ? lcs(i + 1, j + 1) + 1 : Math.max(lcs(i + 1, j), lcs(i, j + 1));
  const hunks: Hunk[] = [];
  let hunk: Hunk | undefined;
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      hunk = undefined;
      i++;
      j++;
      continue;
    }
    if (!hunk) {
      hunk = { at: j + 1, removed: [], added: [] };
      hunks.push(hunk);
    }
    if (j < m && (i === n || lcs(i, j + 1) >= lcs(i + 1, j))) hunk.added.push(++j);
    else hunk.removed.push(before[i++] ?? '');
  }
  return hunks;
}

/**
 * The packages `pages` tell a reader to install (`npm install a b`, `npx astro add node`), in
 * shell samples and inline code alike.
 */
export async function installedByPages(pages: string[]): Promise<Set<string>> {
  const installed = new Set<string>();
  for (const page of pages) {
    const text = await readFile(join(DOCS_PAGES, page), 'utf8');
    for (const [, names = ''] of text.matchAll(/npm install((?: +[@\w./-]+)+)/g))
      for (const name of names.trim().split(/ +/)) if (!name.startsWith('-')) installed.add(name);
    for (const [, name = ''] of text.matchAll(/npx astro add ([@\w./-]+)/g))
      installed.add(name.includes('/') ? name : `@astrojs/${name}`);
  }
  return installed;
}

/** The packages the files of `site` import (bare specifiers; not `astro:` or `node:` modules). */
export function importedPackages(files: Record<string, string>): Set<string> {
  const imported = new Set<string>();
  for (const [file, code] of Object.entries(files)) {
    if (!/\.(ts|mjs|js|astro)$/.test(file)) continue;
    for (const [, spec = ''] of code.matchAll(/(?:from|import)\s*\(?\s*'([^'.][^']*)'/g)) {
      if (/^(astro|node):/.test(spec)) continue;
      const parts = spec.split('/');
      imported.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? spec));
    }
  }
  return imported;
}
