import { Parser } from 'htmlparser2';
import { SkippingTokenizer } from '../body/tokenizer.js';

/** An element of the body a site's component renders: its tag, attributes and inner HTML. */
export interface MappedElement {
  /** The key of `components` it matched: a tag name, or `embed` for a player. */
  key: string;
  tag: string;
  /** Its attributes as the sanitiser wrote them (names as in HTML). */
  props: Record<string, string>;
  /** Its content, sanitised HTML (empty for void elements). */
  inner: string;
  /** The whole element as written, tags included. */
  html: string;
}

/**
 * A sanitised body cut where the site's components take over: runs of HTML left as they are
 * (one piece each, written back byte for byte) and the outermost elements whose tag is a key of
 * `keys` (`embed`: a player the sanitiser wrote, `<iframe data-embed>`). Nested matches stay in
 * `inner`, for the component's slot to cut again. Keys are tag names only: nothing in the
 * content chooses what renders it.
 */
export function bodyParts(html: string, keys: ReadonlySet<string>): Array<string | MappedElement> {
  const parts: Array<string | MappedElement> = [];
  if (!mayHold(html, keys)) return [html];
  let at = 0;
  let depth = 0;
  let open:
    | {
        key: string;
        tag: string;
        props: Record<string, string>;
        start: number;
        innerStart: number;
        depth: number;
      }
    | undefined;
  const parser = new Parser(
    {
      onopentag(tag, attribs) {
        depth++;
        if (open) return;
        const key =
          tag === 'iframe' && attribs['data-embed'] !== undefined && keys.has('embed')
            ? 'embed'
            : tag;
        if (!keys.has(key)) return;
        open = {
          key,
          tag,
          props: attribs,
          start: parser.startIndex,
          innerStart: parser.endIndex + 1,
          depth,
        };
      },
      onclosetag(tag, implied) {
        if (open && depth === open.depth && tag === open.tag) {
          // The sanitiser closes every element it writes: only void ones close by implication,
          // right after their opening tag, which is then the whole element.
          const end = parser.endIndex + 1;
          const innerEnd = implied ? open.innerStart : parser.startIndex;
          if (open.start > at) parts.push(html.slice(at, open.start));
          parts.push({
            key: open.key,
            tag,
            props: open.props,
            inner: html.slice(open.innerStart, innerEnd),
            html: html.slice(open.start, end),
          });
          at = end;
          open = undefined;
        }
        depth--;
      },
    },
    { decodeEntities: true, Tokenizer: SkippingTokenizer },
  );
  parser.end(html);
  if (at < html.length) parts.push(html.slice(at));
  return parts;
}

/**
 * Whether `html` may hold an element of `keys` (a quick look at its text: a body with none is not
 * parsed, and a mapped element's content with none is written as it is).
 */
export function mayHold(html: string, keys: ReadonlySet<string>): boolean {
  for (const key of keys)
    if (html.includes(key === 'embed' ? 'data-embed' : `<${key}`)) return true;
  return false;
}
