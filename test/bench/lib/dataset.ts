import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderArticleHtml, toEntryId } from '@content-read/astro-loader';
import {
  type ArticleRecord,
  type BlogRecord,
  type Dataset,
  GENERATED_KEYS,
  type GenerateOptions,
  generateDataset,
} from '@content-read/mock-server';
import type { ArticleEdit } from './server-protocol.js';

export const KEY = GENERATED_KEYS.full;

/**
 * The generated dataset of the benchmarks: `articles` articles of about 5 KB of HTML, all public,
 * in 4 blogs (the generator makes every 5th blog private), so the full key sees every article.
 */
export function datasetOptions(articles: number): GenerateOptions {
  return { seed: 1, articles, blogs: 4, bodyBytes: 5000, privateFraction: 0 };
}

const blogEntry = (b: BlogRecord) => ({
  id: toEntryId(b.id),
  blogId: b.id,
  slug: b.slug,
  name: b.name,
  description: b.description,
  url: b.url,
  language: b.language,
  createdAt: b.created_at,
  updatedAt: b.updated_at,
});

const articleEntry = (a: ArticleRecord) => ({
  id: toEntryId(a.id),
  articleId: a.id,
  blog: toEntryId(a.blog_id),
  slug: a.slug,
  title: a.title,
  excerpt: a.excerpt,
  authors: a.authors,
  tags: a.tags,
  featureImage: a.feature_image,
  canonicalUrl: a.canonical_url,
  readingTime: a.reading_time,
  publishedAt: a.published_at,
  updatedAt: a.updated_at,
  html: a.html,
});

/**
 * The article as the loader renders it: sanitised body and headings (for B8's pages), and with
 * `linked`, what the loader's link step writes over the body (B9's links between articles).
 */
const renderedEntry = (a: ArticleRecord, linked: (html: string) => string = (html) => html) => {
  const { html, headings } = renderArticleHtml(a.html);
  return { ...articleEntry(a), html: linked(html), headings };
};

/** How the file() site's data is written: see writeFileSiteData. */
export interface FileSiteData {
  /** The bodies rendered beforehand, with their headings, as the loader renders them. */
  rendered?: boolean;
  /** With `rendered`: what the loader's link step writes over each body (e.g. linksOnSite). */
  linked?: (html: string) => string;
}

/**
 * Writes the same entries the loader would produce (its entry shape, plus the body as `html`) to
 * `<root>/data/{blogs,articles}.json` for the file() site. Streamed: 50,000 articles are ~300 MB.
 * With `rendered`, the body is the loader's rendering of it and the headings come along, so a
 * page built from the file is the page the loader's site builds. `dataset`: other articles than
 * the generated ones of that size (B9's, whose bodies link each other: see `linked`).
 */
export async function writeFileSiteData(
  root: string,
  articles: number,
  {
    rendered = false,
    linked,
    from = 0,
    dataset = generateDataset(datasetOptions(articles)),
  }: FileSiteData & { from?: number; dataset?: Dataset } = {},
): Promise<void> {
  const entry = (a: ArticleRecord) => (rendered ? renderedEntry(a, linked) : articleEntry(a));
  // From the `from`th article on (the API's order: ascending ids), as the loader's `latest` syncs.
  if (from > 0) dataset.articles.splice(0, from);
  await mkdir(join(root, 'data'), { recursive: true });
  await writeFile(join(root, 'data/blogs.json'), JSON.stringify(dataset.blogs.map(blogEntry)));
  const out = createWriteStream(join(root, 'data/articles.json'));
  out.write('[');
  for (const [i, a] of dataset.articles.entries()) {
    if (!out.write((i === 0 ? '' : ',') + JSON.stringify(entry(a)))) await once(out, 'drain');
  }
  out.end(']');
  await once(out, 'finish');
}

/**
 * The file() site's side of the server's edits: the same articles changed the same way in
 * `<root>/data/articles.json` (rendered, with headings, when the site's bodies are).
 */
export async function editFileSiteArticles(
  root: string,
  edits: ArticleEdit[],
  { rendered = false, linked = (html: string) => html }: FileSiteData = {},
): Promise<void> {
  const file = join(root, 'data/articles.json');
  const entries = JSON.parse(await readFile(file, 'utf8')) as { articleId: string }[];
  const byId = new Map(edits.map((edit) => [edit.id, edit]));
  const edited = entries.map((entry) => {
    const edit = byId.get(entry.articleId);
    if (!edit) return entry;
    if (!rendered) return { ...entry, title: edit.title, html: edit.html };
    const page = renderArticleHtml(edit.html);
    return { ...entry, title: edit.title, html: linked(page.html), headings: page.headings };
  });
  await writeFile(file, JSON.stringify(edited));
}
