import { Parser } from 'htmlparser2';
import { HEADING, writeAttributes } from './attributes.js';
import { escapeText } from './escape.js';
import { assignSlugs, type MarkdownHeading, type PendingHeading } from './headings.js';
import { ALLOWED_TAGS, DROPPED_WITH_CONTENT, TABLE_PARTS, VOID_TAGS } from './policy.js';

export type { MarkdownHeading } from './headings.js';

export interface RenderedHtml {
  html: string;
  headings: MarkdownHeading[];
}

/** One element htmlparser2 opened, and whether we wrote its tag. */
interface Open {
  tag: string;
  written: boolean;
}

/**
 * Sanitises an article body in one pass over htmlparser2's events and gives every heading an
 * id the way Astro's Markdown does (GitHub-style slugs, unique within the article; an id the
 * author set is kept). Only allow-listed elements and attributes are written (policy.ts),
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

  const list = assignSlugs(headings, authorIds, out);
  return { html: out.join(''), headings: list };
}
