// B15's articles (issue 50): B1's generated dataset, each article with a canonical_url of its
// own and, on the linked side, five links to other articles of the dataset in its body, in the
// forms writers paste: three by the target's canonical_url with a #fragment, two by its blog's url
// and a dated path ending in its slug (/2024/05/<slug>/). The other side has the same words
// without the anchors. Article i links to i+o (mod n) for each of five fixed offsets o, so
// every article is linked to by exactly five others: three by its canonical_url, two by its slug.

import { renderArticleHtml } from '@content-read/astro-loader';
import type { ArticleRecord, BlogRecord, Dataset } from '@content-read/mock-server';
import { generateDataset } from '@content-read/mock-server';
// The server child runs this file without run.ts's resolve hook: it names the TypeScript file.
import { datasetOptions } from './dataset.ts';
import type { ArticleEdit } from './server-protocol.js';

/** Links per article; the first CANONICAL_LINKS of them by the target's canonical_url. */
export const LINKS_PER_ARTICLE = 5;
const CANONICAL_LINKS = 3;

/** The site's route of B15's linked side (the fixture's BENCH_ARTICLE_URL=1): /blogs/<blog>/<slug>/. */
export const articlePath = (blogSlug: string, slug: string) => `/blogs/${blogSlug}/${slug}/`;

/** A canonical URL that does not name the slug (a short link), so it survives a changed slug. */
const canonicalOf = (a: ArticleRecord) => `https://news.example.com/p/${Number(a.id.slice(4))}`;

/** The offsets article i links to (i + o mod n): distinct and non-zero for n > 5. */
export function linkOffsets(articles: number): number[] {
  const spread = [1, 7, 97, 1009, 4999].map((o) => o % articles);
  if (new Set(spread).size === LINKS_PER_ARTICLE && !spread.includes(0)) return spread;
  if (articles <= LINKS_PER_ARTICLE)
    throw new Error(`B15 needs more than ${LINKS_PER_ARTICLE} articles, not ${articles}`);
  return [1, 2, 3, 4, 5];
}

/** A link of article i: the URL it is written with, and the target. */
interface Link {
  href: string;
  target: ArticleRecord;
}

/** The five links of each article, by index. */
function linksOf(dataset: Dataset): Link[][] {
  const n = dataset.articles.length;
  const blogs = new Map(dataset.blogs.map((b) => [b.id, b]));
  const offsets = linkOffsets(n);
  return dataset.articles.map((_, i) =>
    offsets.map((o, k) => {
      const target = dataset.articles[(i + o) % n] as ArticleRecord;
      const blog = blogs.get(target.blog_id) as BlogRecord;
      const href =
        k < CANONICAL_LINKS
          ? `${target.canonical_url}#section-${k + 1}`
          : `${blog.url}/2024/05/${target.slug}/`;
      return { href, target };
    }),
  );
}

/** The five paragraphs of `links`: "See also <title>." with the anchor, or the same words without. */
function linkParagraphs(links: Link[], anchors: boolean): string[] {
  return links.map(({ href, target }) =>
    anchors
      ? `<p>See also <a href="${href}">${target.title}</a>.</p>`
      : `<p>See also ${target.title}.</p>`,
  );
}

/** `extra` lines spread through the lines of `html`. */
function spread(html: string, extra: string[]): string {
  const lines = html.split('\n');
  const every = Math.max(1, Math.floor(lines.length / (extra.length + 1)));
  const out: string[] = [];
  let next = 0;
  lines.forEach((line, i) => {
    out.push(line);
    if ((i + 1) % every === 0 && next < extra.length) out.push(extra[next++] as string);
  });
  return [...out, ...extra.slice(next)].join('\n');
}

/**
 * B1's dataset of `articles` articles, each with its canonical_url, and with the five link
 * paragraphs in its body: anchors (`anchors`) or their words only.
 */
export function linkedDataset(articles: number, anchors: boolean): Dataset {
  const dataset = generateDataset(datasetOptions(articles));
  for (const a of dataset.articles) a.canonical_url = canonicalOf(a);
  const links = linksOf(dataset);
  dataset.articles.forEach((a, i) => {
    a.html = spread(a.html, linkParagraphs(links[i] as Link[], anchors));
  });
  return dataset;
}

/**
 * B4's edits on B15's datasets: `count` articles spread over the dataset (those the server's
 * `mutate` picks), each with a new title and a short new body that keeps its five link
 * paragraphs (anchors or words), so the linked side still links them.
 */
export function linkEdits(
  dataset: Dataset,
  count: number,
  round: number,
  anchors: boolean,
): ArticleEdit[] {
  const n = dataset.articles.length;
  const links = linksOf(dataset);
  const step = Math.max(1, Math.floor(n / count));
  const edits: ArticleEdit[] = [];
  for (let i = 0; i < count && i * step < n; i++) {
    const { id } = dataset.articles[i * step] as ArticleRecord;
    const html = [
      '<h2>Edited</h2>',
      `<p>Round ${round} rewrote article ${id}.</p>`,
      ...linkParagraphs(links[i * step] as Link[], anchors),
    ].join('\n');
    edits.push({ id, title: `Edited in round ${round}: ${id}`, html });
  }
  return edits;
}

/**
 * What the loader's link step writes over a rendered body of `dataset` with the linked side's
 * route (articlePath): each of the dataset's link hrefs, as the sanitiser wrote it, pointed at
 * its target's page; a fragment is prefixed as the sanitiser prefixes the article's own ids (it
 * is asked: it writes a link to `#x` of the article itself the same way). For a file() site
 * that shows the pages the loader's site builds.
 */
export function linksOnSite(dataset: Dataset): (html: string) => string {
  const blogSlug = new Map(dataset.blogs.map((b) => [b.id, b.slug]));
  const paths = new Map<string, string>();
  const fragments = new Map<string, string>();
  const ownFragment = (id: string) => {
    const written = fragments.get(id) ?? fragmentOf(id);
    fragments.set(id, written);
    return written;
  };
  for (const links of linksOf(dataset))
    for (const { href, target } of links) {
      const hash = href.indexOf('#');
      const fragment = hash < 0 ? '' : ownFragment(href.slice(hash + 1));
      paths.set(href, articlePath(blogSlug.get(target.blog_id) as string, target.slug) + fragment);
    }
  return (html) =>
    html.replace(/ href="([^"]*)"/g, (attr, href: string) => {
      const path = paths.get(href);
      return path === undefined ? attr : ` href="${path}"`;
    });
}

/** The sanitiser's href for a link to the article's own `#id`. */
function fragmentOf(id: string): string {
  const { html } = renderArticleHtml(`<a href="#${id}">x</a>`);
  return / href="([^"]*)"/.exec(html)?.[1] ?? `#${id}`;
}

/** The articles linking to article `index`, and how (by canonical_url, or by blog url and slug). */
export function linkersOf(
  articles: number,
  index: number,
): { byCanonical: number[]; bySlug: number[] } {
  const offsets = linkOffsets(articles);
  const from = (o: number) => (index - o + articles) % articles;
  return {
    byCanonical: offsets.slice(0, CANONICAL_LINKS).map(from),
    bySlug: offsets.slice(CANONICAL_LINKS).map(from),
  };
}
