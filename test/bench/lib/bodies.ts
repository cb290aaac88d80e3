// The article bodies of B11–B14 (issue 28), written twice from the same blocks: as the HTML a CMS
// sends (served by the mock) and as the Markdown file a site would keep instead (read by glob()).
// The prose is the generated dataset's (its <h2> and <p> lines); each article then gets three
// links and three code blocks ('code': B11, B12, B13) or five images ('images': B14), different in
// every article, so that no cache of the loader's or Astro's makes the work trivial.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toEntryId } from '@content-read/astro-loader';
import {
  type ArticleRecord,
  type Dataset,
  type GenerateOptions,
  generateDataset,
} from '@content-read/mock-server';
import type { ArticleEdit } from './server-protocol.js';

export type BodyKind = 'code' | 'images';

/** The generated dataset's placeholder for the mock's origin (see the mock server page of the docs). */
export const PLACEHOLDER_ORIGIN = 'http://content-read-mock.invalid';

/** About 4 KB of prose per article; with its code blocks or images, ~5 KB of HTML as in B1. */
export function bodyDatasetOptions(articles: number): GenerateOptions {
  return { seed: 1, articles, blogs: 4, bodyBytes: 4000, privateFraction: 0 };
}

type Block =
  | { kind: 'h2' | 'p'; text: string }
  | { kind: 'links'; links: { text: string; href: string }[] }
  | { kind: 'code'; lang: string; code: string }
  | { kind: 'img'; src: string; alt: string; width: number; height: number; sized: boolean };

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The generator's prose (one `<h2>` or `<p>` of plain words per line) as blocks. */
function prose(html: string): Block[] {
  return html.split('\n').map((line) => {
    const match = /^<(h2|p)>([^<]*)<\/\1>$/.exec(line);
    if (!match) throw new Error(`bodies: unexpected generated line ${line}`);
    return { kind: match[1] as 'h2' | 'p', text: match[2] as string };
  });
}

/**
 * Article `n`'s three code blocks (TypeScript, Python, Bash), about 10 lines each, every one
 * different from every other article's; `revision` (an editor's round) changes them all.
 */
function codeBlocks(n: number, revision = 0): Block[] {
  const tag = revision === 0 ? `${n}` : `${n}r${revision}`;
  return [
    {
      kind: 'code',
      lang: 'ts',
      code: [
        `interface Order${tag} {`,
        '  id: string;',
        '  total: number;',
        `  status: 'open' | 'paid';`,
        '}',
        '',
        `export function totalOf${tag}(orders: Order${tag}[]): number {`,
        `  return orders.filter((o) => o.status === 'paid').reduce((sum, o) => sum + o.total * ${(n % 97) + 1}, 0);`,
        '}',
      ].join('\n'),
    },
    {
      kind: 'code',
      lang: 'python',
      code: [
        `def summarise_${tag}(rows):`,
        `    """Counts the rows of report ${tag} by status."""`,
        '    counts = {}',
        '    for row in rows:',
        `        counts[row["status"]] = counts.get(row["status"], 0) + ${(n % 13) + 1}`,
        '    return counts',
        '',
        `print(summarise_${tag}([{"status": "open"}]))`,
      ].join('\n'),
    },
    {
      kind: 'code',
      lang: 'bash',
      code: [
        '#!/usr/bin/env bash',
        'set -euo pipefail',
        `for f in build/${tag}/*.log; do`,
        `  grep -c "error ${tag}" "$f" || echo "no errors in $f"`,
        'done',
        `echo "checked $(ls build/${tag} | wc -l) files" > report-${tag}.txt`,
      ].join('\n'),
    },
  ];
}

/** Three links: two to other sites, one to another article of the site. */
function links(n: number): Block {
  return {
    kind: 'links',
    links: [
      { text: 'the guide', href: `https://docs.example.com/guides/${n}` },
      { text: 'a related article', href: `/articles/art_${String(n + 1).padStart(7, '0')}/` },
      { text: 'the changelog', href: `https://example.org/changes/${n}#latest` },
    ],
  };
}

/** Image sizes of an article's five images, in order; the last three have no width or height. */
const IMAGE_SIZES: [number, number][] = [
  [800, 450],
  [640, 480],
  [800, 450],
  [1024, 576],
  [480, 320],
];

/** Article `n`'s five images on `origin`, each its own seed (every article has its own images). */
function images(n: number, origin: string): Block[] {
  return IMAGE_SIZES.map(([width, height], k) => ({
    kind: 'img',
    src: `${origin}/images/a${n}-${k + 1}/${width}x${height}.png`,
    alt: `Figure ${k + 1} of article ${n}`,
    width,
    height,
    sized: k < 2,
  }));
}

/** `extra` spread through `text`: one after every few prose blocks, the rest at the end. */
function interleave(text: Block[], extra: Block[]): Block[] {
  const out: Block[] = [];
  const every = Math.max(1, Math.floor(text.length / (extra.length + 1)));
  let next = 0;
  text.forEach((block, i) => {
    out.push(block);
    if ((i + 1) % every === 0 && next < extra.length) out.push(extra[next++] as Block);
  });
  return [...out, ...extra.slice(next)];
}

/** The blocks of article `n` (counted from 1) of a `kind` body, from its generated prose. */
function blocksOf(
  kind: BodyKind,
  n: number,
  generated: string,
  { origin = PLACEHOLDER_ORIGIN, textRevision = 0, codeRevision = 0 } = {},
): Block[] {
  const text = prose(generated);
  if (textRevision > 0)
    text.unshift({ kind: 'p', text: `Revised in round ${textRevision} with new text.` });
  return kind === 'code'
    ? interleave(text, [links(n), ...codeBlocks(n, codeRevision)])
    : interleave(text, images(n, origin));
}

function toHtml(blocks: Block[]): string {
  return blocks
    .map((b) => {
      switch (b.kind) {
        case 'h2':
        case 'p':
          return `<${b.kind}>${b.text}</${b.kind}>`;
        case 'links':
          return `<p>See ${b.links.map((l) => `<a href="${escapeHtml(l.href)}">${l.text}</a>`).join(', ')}.</p>`;
        case 'code':
          return `<pre><code class="language-${b.lang}">${escapeHtml(b.code)}\n</code></pre>`;
        case 'img':
          return `<p><img src="${b.src}" alt="${b.alt}"${b.sized ? ` width="${b.width}" height="${b.height}"` : ''}></p>`;
      }
      throw new Error('unreachable');
    })
    .join('\n');
}

function toMarkdown(blocks: Block[]): string {
  return blocks
    .map((b) => {
      switch (b.kind) {
        case 'h2':
          return `## ${b.text}`;
        case 'p':
          return b.text;
        case 'links':
          return `See ${b.links.map((l) => `[${l.text}](${l.href})`).join(', ')}.`;
        case 'code':
          return `\`\`\`${b.lang}\n${b.code}\n\`\`\``;
        case 'img':
          // Markdown gives an image no size: Astro infers it, as the loader does for unsized ones.
          return `![${b.alt}](${b.src})`;
      }
      throw new Error('unreachable');
    })
    .join('\n\n');
}

/** The article's number (1-based) from its generated id, `art_0000042` → 42. */
const numberOf = (a: ArticleRecord) => Number(a.id.slice(4));

/** The generated dataset with `kind` bodies, as the mock serves it (images on its placeholder). */
export function bodyDataset(kind: BodyKind, articles: number): Dataset {
  const dataset = generateDataset(bodyDatasetOptions(articles));
  for (const a of dataset.articles) a.html = toHtml(blocksOf(kind, numberOf(a), a.html));
  return dataset;
}

/**
 * An editor's change to `count` articles spread evenly over the dataset, in round `round`: each
 * gets new text (a new first paragraph and title); the first half get new code blocks too.
 */
export function codeEdits(articles: number, count: number, round: number): ArticleEdit[] {
  const dataset = generateDataset(bodyDatasetOptions(articles));
  const step = Math.max(1, Math.floor(articles / count));
  const edits: ArticleEdit[] = [];
  for (let i = 0; i < count && i * step < articles; i++) {
    const a = dataset.articles[i * step] as ArticleRecord;
    const withCode = i < Math.ceil(count / 2);
    const blocks = blocksOf('code', numberOf(a), a.html, {
      textRevision: round,
      codeRevision: withCode ? round : 0,
    });
    edits.push({ id: a.id, title: `${a.title}, revised ${round}`, html: toHtml(blocks) });
  }
  return edits;
}

/**
 * The same articles as Markdown files, `<root>/data/articles/<entry id>.md` (front matter: title,
 * excerpt, tags, publishedAt; no slug, so that glob()'s ids and the pages' URLs are the loader's),
 * for the glob() site; images on `origin` (the mock's real one).
 */
export async function writeMarkdownArticles(
  root: string,
  kind: BodyKind,
  articles: number,
  origin = PLACEHOLDER_ORIGIN,
): Promise<void> {
  const dir = join(root, 'data/articles');
  await mkdir(dir, { recursive: true });
  const dataset = generateDataset(bodyDatasetOptions(articles));
  const files = dataset.articles.map((a) => {
    const front = [
      '---',
      `title: ${JSON.stringify(a.title)}`,
      `excerpt: ${JSON.stringify(a.excerpt)}`,
      `tags: ${JSON.stringify(a.tags)}`,
      `publishedAt: ${a.published_at}`,
      '---',
      '',
    ].join('\n');
    const body = toMarkdown(blocksOf(kind, numberOf(a), a.html, { origin }));
    return [join(dir, `${toEntryId(a.id)}.md`), `${front}${body}\n`] as const;
  });
  // A few at a time: 10,000 files at once would only queue in libuv's pool.
  for (let i = 0; i < files.length; i += 64)
    await Promise.all(files.slice(i, i + 64).map(([file, text]) => writeFile(file, text)));
}
