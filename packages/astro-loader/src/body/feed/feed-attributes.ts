import { escapeAttribute } from '../../shared/html-escape.js';
import { MATH_TAGS, mathAttributeAllowed } from '../cms/math.js';
import { absoluteUrl, isUrlAttribute, type UrlBase } from './feed-urls.js';
import { xmlText } from './xml-text.js';

/**
 * The attributes a feed's HTML keeps (feed-html.ts): an allow-list per element, since a reader
 * has none of the site's CSS or scripts, so `class`, `style`, `id`, `data-*`, `aria-*` and the
 * like would only be noise, or a way in. Each kept value is checked for what it holds: URLs made
 * absolute (feed-urls.ts), sizes whole numbers, booleans bare.
 */

/** Attributes every written element may keep. */
const GLOBAL = ['title', 'lang', 'dir'];

/** Attributes kept per element, besides GLOBAL. */
const ATTRIBUTES = new Map<string, ReadonlySet<string>>(
  Object.entries({
    a: ['href'],
    img: ['src', 'alt', 'width', 'height'],
    video: ['src', 'poster', 'width', 'height', 'controls'],
    audio: ['src', 'controls'],
    source: ['src', 'type'],
    track: ['src', 'kind', 'srclang', 'label', 'default'],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align', 'scope', 'abbr'],
    col: ['span'],
    colgroup: ['span'],
    blockquote: ['cite'],
    q: ['cite'],
    del: ['cite', 'datetime'],
    ins: ['cite', 'datetime'],
    time: ['datetime'],
    details: ['open'],
  }).map(([tag, names]) => [tag, new Set([...GLOBAL, ...names])]),
);
const GLOBAL_ONLY: ReadonlySet<string> = new Set(GLOBAL);

/** An element's allowed attributes, as written after its name. */
export function attributesOf(urls: UrlBase, tag: string, attribs: Record<string, string>): string {
  let written = '';
  // Outside `<math>`, MathML elements are unwrapped before they get here.
  const allowed = MATH_TAGS.has(tag) ? undefined : (ATTRIBUTES.get(tag) ?? GLOBAL_ONLY);
  for (const name in attribs) {
    const value = attribs[name] ?? '';
    const kept = allowed
      ? allowed.has(name)
      : name !== 'class' && name !== 'id' && mathAttributeAllowed(name, value);
    const checked = kept ? attributeValue(urls, tag, name, value) : undefined;
    if (checked !== undefined) written += ` ${name}="${escapeAttribute(xmlText(checked))}"`;
  }
  return written;
}

/** Whole CSS pixels, as `width`/`height` (and a table's spans) are kept. */
const WHOLE = /^\d{1,5}$/;
const NUMBERED = new Set(['width', 'height', 'colspan', 'rowspan', 'span', 'start', 'value']);
const BOOLEAN = new Set(['controls', 'reversed', 'open', 'default']);

/** The value an allowed attribute is written with, or undefined when it goes. */
function attributeValue(
  urls: UrlBase,
  tag: string,
  name: string,
  value: string,
): string | undefined {
  if (isUrlAttribute(name)) return absoluteUrl(urls, tag, name, value);
  if (NUMBERED.has(name)) return WHOLE.test(value.trim()) ? value.trim() : undefined;
  if (BOOLEAN.has(name)) return '';
  return value;
}
