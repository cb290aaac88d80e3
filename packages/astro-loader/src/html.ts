import GithubSlugger from 'github-slugger';
import { Parser } from 'htmlparser2';
import {
  ALLOWED_TAGS,
  attributeAllowed,
  DROPPED_WITH_CONTENT,
  SAFE_DATA_IMAGE,
  TABLE_PARTS,
  URL_ATTRIBUTES,
  VOID_TAGS,
} from './html-policy.js';

/** A heading as Astro reports it for local Markdown (`render(entry).headings`). */
export interface MarkdownHeading {
  depth: number;
  slug: string;
  text: string;
}

export interface RenderedHtml {
  html: string;
  headings: MarkdownHeading[];
}

/** One element htmlparser2 opened, and whether we wrote its tag. */
interface Open {
  tag: string;
  written: boolean;
}

interface PendingHeading {
  /** Index in the output of the open tag, filled in once every author id is known. */
  chunk: number;
  depth: number;
  authorId: string;
  attributes: string;
  text: string;
}

const HEADING = /^h([1-6])$/;

/**
 * Sanitises an article body in one pass over htmlparser2's events and gives every heading an
 * id the way Astro's Markdown does (GitHub-style slugs, unique within the article; an id the
 * author set is kept). Only allow-listed elements and attributes are written (html-policy.ts),
 * every text and attribute value is re-escaped and every written element is closed, so the
 * output holds no markup but ours, whatever the input's parse quirks.
 */
export function renderArticleHtml(html: string): RenderedHtml {
  const out: string[] = [];
  const stack: Open[] = [];
  const headings: PendingHeading[] = [];
  const openHeadings: PendingHeading[] = [];
  const authorIds = new Set<string>();
  let dropping = 0;
  let tables = 0;

  const parser = new Parser(
    {
      onopentag(tag, attribs) {
        const drops = dropping > 0 || DROPPED_WITH_CONTENT.has(tag);
        const written = !drops && ALLOWED_TAGS.has(tag) && (!TABLE_PARTS.has(tag) || tables > 0);
        stack.push({ tag, written });
        if (drops) {
          dropping++;
          return;
        }
        if (!written) return;
        if (tag === 'table') tables++;
        const { attributes, id } = writeAttributes(tag, attribs);
        if (id) authorIds.add(id);
        const depth = HEADING.exec(tag)?.[1];
        if (depth) {
          const heading = {
            chunk: out.length,
            depth: Number(depth),
            authorId: id,
            attributes,
            text: '',
          };
          headings.push(heading);
          openHeadings.push(heading);
          out.push('');
        } else {
          out.push(`<${tag}${attributes}>`);
        }
      },
      onclosetag(tag) {
        const open = stack.pop();
        if (!open || open.tag !== tag) throw new Error(`unbalanced </${tag}>`); // htmlparser2 guarantees it
        if (dropping > 0) {
          dropping--;
          return;
        }
        if (!open.written) return;
        if (tag === 'table') tables--;
        if (HEADING.test(tag)) openHeadings.pop();
        if (!VOID_TAGS.has(tag)) out.push(`</${tag}>`);
      },
      ontext(text) {
        if (dropping > 0) return;
        for (const heading of openHeadings) heading.text += text;
        out.push(escapeText(text));
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);

  // Slugs last: a generated one must not collide with an id the author put anywhere in the body.
  const slugger = new GithubSlugger();
  const list: MarkdownHeading[] = headings.map((heading) => {
    const text = heading.text.trim();
    let slug = heading.authorId;
    while (!slug || (authorIds.has(slug) && heading.authorId !== slug)) slug = slugger.slug(text);
    out[heading.chunk] = `<h${heading.depth} id="${escapeAttribute(slug)}"${heading.attributes}>`;
    return { depth: heading.depth, slug, text };
  });
  return { html: out.join(''), headings: list };
}

/** The allowed attributes, escaped and quoted (the id apart, for headings). */
function writeAttributes(
  tag: string,
  attribs: Record<string, string>,
): { attributes: string; id: string } {
  let attributes = '';
  let id = '';
  let rel: string | undefined;
  let blank = false;
  for (const name in attribs) {
    const value = attribs[name] ?? '';
    if (!attributeAllowed(tag, name)) continue;
    if (!urlAllowed(tag, name, value)) continue;
    if (tag === 'input' && !inputAllowed(name, value)) continue;
    if (name === 'id') {
      id = value;
      if (HEADING.test(tag)) continue;
    }
    if (name === 'rel') {
      rel = value;
      continue;
    }
    if (name === 'target' && value.trim().toLowerCase() === '_blank') blank = true;
    attributes += ` ${name}="${escapeAttribute(value)}"`;
  }
  if (tag === 'input')
    attributes = ` type="checkbox" disabled${attributes.replace(/ (type|disabled)="[^"]*"/g, '')}`;
  if (blank) {
    // A new tab must not get a handle on this page (reverse tabnabbing) nor its address.
    const tokens = new Set((rel ?? '').toLowerCase().split(/\s+/).filter(Boolean));
    tokens.add('noopener');
    tokens.add('noreferrer');
    rel = [...tokens].join(' ');
  }
  if (rel !== undefined) attributes += ` rel="${escapeAttribute(rel)}"`;
  return { attributes, id };
}

/** URL attributes: relative, or an allowed scheme (checked as a browser would read it). */
function urlAllowed(tag: string, name: string, value: string): boolean {
  if (name === 'srcset')
    return value
      .split(',')
      .every((c) => schemeAllowed(c.trim().split(/\s+/)[0] ?? '', ['http', 'https']));
  const schemes = URL_ATTRIBUTES.get(name);
  if (!schemes) return true;
  if (tag === 'img' && name === 'src' && SAFE_DATA_IMAGE.test(value.trim())) return true;
  return schemeAllowed(value, schemes);
}

function schemeAllowed(url: string, schemes: readonly string[]): boolean {
  // Browsers ignore ASCII whitespace and control characters in and around a scheme.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  const clean = url.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  const colon = clean.indexOf(':');
  if (colon === -1) return true;
  const slash = clean.search(/[/?#]/);
  if (slash !== -1 && slash < colon) return true; // a colon in the path or query: relative
  return schemes.includes(clean.slice(0, colon));
}

/** `<input>` only as a task-list checkbox. */
function inputAllowed(name: string, value: string): boolean {
  return name !== 'type' || value.toLowerCase() === 'checkbox';
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );
}
