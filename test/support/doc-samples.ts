/**
 * The code samples of a docs page, as the page gives them: fenced blocks, each with its
 * language and, where it names one, the file it is (`title="src/content.config.ts"`). The tests
 * that type-check, build or run the docs' samples all read them here.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { repoRoot } from './astro-site.js';

/** The docs site's pages. */
export const DOCS_PAGES = join(repoRoot, 'docs/src/content/docs');

/** The languages a test compiles: a sample in one of these must name its file. */
const CHECKED = new Set(['ts', 'typescript', 'tsx', 'js', 'javascript', 'mjs', 'jsx', 'astro']);

export interface Sample {
  /** The page, under src/content/docs: `guides/live-pages.md`. */
  page: string;
  /** The page and line, for a failure: `guides/live-pages.md:42`. */
  where: string;
  lang: string;
  /** The file it is, from its `title`; absent when it names none. */
  file?: string;
  code: string;
  /** Whether its language is one a test compiles. */
  checked: boolean;
  /**
   * Marked `variant` in its meta: a file of another setup (another adapter, another CMS), not of
   * the site the docs build in order (see doc-site.ts). It is type-checked on its own.
   */
  variant: boolean;
  /** The lines (1-based) its meta marks as added or changed: `ins={3,5-7}`. */
  inserted: Set<number>;
}

export function samplesOf(page: string, text: string): Sample[] {
  const samples: Sample[] = [];
  const fence = /^([ \t]*)```(\w+)([^\n]*)\n([\s\S]*?)^\1```/gm;
  for (const match of text.matchAll(fence)) {
    const [, indent = '', lang = '', meta = '', body = ''] = match;
    const line = text.slice(0, match.index).split('\n').length;
    const file = /title="([^"]+)"/.exec(meta)?.[1];
    const code = body
      .split('\n')
      .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
      .join('\n');
    samples.push({
      page,
      where: `${page}:${line}`,
      lang,
      ...(file ? { file } : {}),
      code,
      checked: CHECKED.has(lang),
      variant: /(?:^|\s)variant(?:\s|$)/.test(meta),
      inserted: insertedLines(meta),
    });
  }
  return samples;
}

function insertedLines(meta: string): Set<number> {
  const lines = new Set<number>();
  const marks = /(?:^|\s)ins=\{([\d,\s-]+)\}/.exec(meta)?.[1] ?? '';
  for (const range of marks.split(',').filter((r) => r.trim())) {
    const [from = 0, to = from] = range.split('-').map((n) => Number(n.trim()));
    for (let n = from; n <= to; n++) lines.add(n);
  }
  return lines;
}

/** The samples of a page of the docs site: `pageSamples('guides/live-pages.md')`. */
export async function pageSamples(page: string): Promise<Sample[]> {
  return samplesOf(page, await readFile(join(DOCS_PAGES, page), 'utf8'));
}

/**
 * The compiled samples that name a file, as a site's files (path → code); where pages give a
 * file twice (a first version, then a fuller one), the last wins. `keep` picks the paths.
 */
export function filesOf(
  samples: Sample[],
  keep: (file: string) => boolean = () => true,
): Record<string, string> {
  const files: Record<string, string> = {};
  for (const { checked, file, code } of samples)
    if (checked && file && keep(file)) files[file] = code;
  return files;
}

/** Writes `files` (path → code) into the site at `root`. */
export async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [file, code] of Object.entries(files)) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), code);
  }
}

/**
 * Writes each checked sample under `src/guides/<page>/<file>` of a site; a file a page gives
 * twice (a first version, then a fuller one) goes to `src/guides/<page>-2/<file>`, and so on.
 * `base(page)` (path → code): the files each such folder of `page` holds besides its samples
 * (the layout and components its pages import).
 */
export async function writeSamples(
  root: string,
  samples: Sample[],
  base: (page: string) => Record<string, string> = () => ({}),
): Promise<void> {
  const seen = new Map<string, number>();
  const files: Record<string, string> = {};
  for (const sample of samples) {
    if (!sample.checked || !sample.file) continue;
    const name = sample.page.replace(/\.mdx?$/, '').replaceAll('/', '-');
    const key = `${name}/${sample.file}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    const folder = join('src/guides', n === 1 ? name : `${name}-${n}`);
    for (const [file, code] of Object.entries(base(sample.page)))
      files[join(folder, file)] ??= code;
    files[join(folder, sample.file)] = sample.code;
  }
  await writeFiles(root, files);
}
