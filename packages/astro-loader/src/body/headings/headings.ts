import { escapeAttribute } from '../../shared/html-escape.js';
import { ID_PREFIX } from '../sanitise/attributes.js';
import { Slugger } from './slugger.js';

/**
 * A heading as Astro reports it for local Markdown (`render(entry).headings`); `slug` is the
 * heading's id in the page, prefix included, so `href={`#${slug}`}` lands on it.
 */
export interface MarkdownHeading {
  depth: number;
  slug: string;
  text: string;
}

export interface PendingHeading {
  /** Index in the output of the open tag, filled in once every author id is known. */
  chunk: number;
  depth: number;
  /** The id the author gave it (prefixed), or ''. */
  authorId: string;
  attributes: string;
  text: string;
}

/**
 * Gives each heading its id (the author's, else a GitHub-style slug of its text, unique in the
 * article, prefixed) and writes its open tag into `out`. Slugs come last: a generated one
 * must not collide with an id the author put anywhere in the body.
 */
export function assignSlugs(
  headings: PendingHeading[],
  authorIds: ReadonlySet<string>,
  out: string[],
): MarkdownHeading[] {
  const slugger = new Slugger();
  return headings.map((heading) => {
    const text = heading.text.trim();
    let slug = heading.authorId;
    while (!slug || (authorIds.has(slug) && heading.authorId !== slug))
      slug = ID_PREFIX + slugger.slug(text);
    out[heading.chunk] = `<h${heading.depth} id="${escapeAttribute(slug)}"${heading.attributes}>`;
    return { depth: heading.depth, slug: detached(slug), text: detached(text) };
  });
}

/**
 * A copy of `text` that shares no memory with the body it was cut from. The parser's texts and
 * attribute values are substrings, which V8 keeps as views of the whole body: a heading held in
 * the data store would keep its article's raw body alive as long as the entry (an extra copy
 * of every body for the whole sync when sanitising inline). V8 flattens the concatenation into
 * a new string, which the slice then views: a third of what structuredClone costs, and a cold
 * sync of 10,000 articles detaches 140,000 of them.
 */
function detached(text: string): string {
  return ` ${text}`.slice(1);
}
