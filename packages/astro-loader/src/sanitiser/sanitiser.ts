import { Parser } from 'htmlparser2';
import { HEADING, writeAttributes } from './attributes.js';
import { classFilter } from './classes.js';
import { assignSlugs, type MarkdownHeading, type PendingHeading } from './headings.js';
import { ALLOWED_TAGS, DROPPED_WITH_CONTENT, TABLE_PARTS } from './policy.js';
import { BalancedWriter, DROPPED, escapeText, UNWRAPPED, WRITTEN } from './writer.js';

export type { MarkdownHeading } from './headings.js';

/**
 * Part of the build-time sync's cache version: raise it whenever the same body renders
 * differently, so a data store filled by an older sanitiser is read and rendered again instead of
 * serving old HTML (2: ids and names prefixed, classes filtered, rel on every target).
 */
export const RENDERING_VERSION = 2;

export interface RenderedHtml {
  html: string;
  headings: MarkdownHeading[];
}

export interface SanitiseOptions {
  /**
   * Classes kept on any element besides the content classes (`language-*` on code, task-list
   * and footnote classes): names, or prefixes ending in `*` (`'callout-*'`).
   */
  allowClasses?: readonly string[];
}

/**
 * Sanitises an article body in one pass over htmlparser2's events and gives every heading an
 * id the way Astro's Markdown does (GitHub-style slugs, unique within the article; an id the
 * author set is kept). Only allow-listed elements and attributes are written (policy.ts), ids
 * and names get a prefix (ids.ts), classes are filtered (classes.ts), every text and attribute
 * value is re-escaped and every written element closed (writer.ts), so the output holds no
 * markup but ours, whatever the input's parse quirks. It does not throw, whatever the input.
 */
export function renderArticleHtml(html: string, options: SanitiseOptions = {}): RenderedHtml {
  const writer = new BalancedWriter();
  const classes = classFilter(options.allowClasses);
  const headings: PendingHeading[] = [];
  const openHeadings: PendingHeading[] = [];
  const authorIds = new Set<string>();
  // A tag whose name htmlparser2 has read but whose opening it has not reported yet. When the
  // input ends inside that tag (`<p>x</p><div `), htmlparser2 never reports it open, yet
  // reports it closed at the end: that close is ignored.
  let unreported: string | undefined;

  const parser = new Parser(
    {
      onopentagname(tag) {
        unreported = tag;
      },
      onopentag(tag, attribs) {
        unreported = undefined;
        if (writer.dropping > 0 || DROPPED_WITH_CONTENT.has(tag)) {
          writer.open(tag, DROPPED, '');
          return;
        }
        if (!ALLOWED_TAGS.has(tag) || (TABLE_PARTS.has(tag) && writer.tables === 0)) {
          writer.open(tag, UNWRAPPED, '');
          return;
        }
        for (let n = writer.closeImplied(tag); n > 0; n--) openHeadings.pop();
        const { attributes, id } = writeAttributes(tag, attribs, classes);
        if (id) authorIds.add(id);
        const depth = HEADING.exec(tag)?.[1];
        if (!depth) {
          writer.open(tag, WRITTEN, `<${tag}${attributes}>`);
          return;
        }
        const chunk = writer.open(tag, WRITTEN, '');
        const heading = { chunk, depth: Number(depth), authorId: id, attributes, text: '' };
        headings.push(heading);
        openHeadings.push(heading);
      },
      onclosetag(tag) {
        if (unreported === tag) {
          unreported = undefined;
          return;
        }
        if (writer.close(tag) === WRITTEN && HEADING.test(tag)) openHeadings.pop();
      },
      ontext(text) {
        if (writer.dropping > 0) return;
        for (const heading of openHeadings) heading.text += text;
        writer.text(escapeText(text));
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  writer.end();
  const list = assignSlugs(headings, authorIds, writer.out);
  return { html: writer.out.join(''), headings: list };
}
