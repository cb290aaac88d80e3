/**
 * The code samples of a docs page, as the page gives them: fenced blocks, each with its
 * language and, where it names one, the file it is (`title="src/content.config.ts"`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

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
    });
  }
  return samples;
}

/**
 * Writes each checked sample under `src/guides/<page>/<file>` of a site; a file a page gives
 * twice (a first version, then a fuller one) goes to `src/guides/<page>-2/<file>`, and so on.
 */
export async function writeSamples(root: string, samples: Sample[]): Promise<string[]> {
  const seen = new Map<string, number>();
  const written: string[] = [];
  for (const sample of samples) {
    if (!sample.checked || !sample.file) continue;
    const folder = sample.page.replace(/\.mdx?$/, '').replaceAll('/', '-');
    const key = `${folder}/${sample.file}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    const path = join(root, 'src/guides', n === 1 ? folder : `${folder}-${n}`, sample.file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, sample.code);
    written.push(path);
  }
  return written;
}
