import parseSrcset from '@prettier/parse-srcset';
import { escapeAttribute, escapeText } from '../../shared/html-escape.js';
import { codeLanguage } from '../cms/code-language.js';
import type { Embed } from '../cms/embeds.js';
import { MATH_DROPPED, MATH_TAGS } from '../cms/math.js';
import { DROPPED_WITH_CONTENT, TABLE_PARTS } from '../sanitise/policy.js';
import { BalancedWriter, DROPPED, type Fate, UNWRAPPED, WRITTEN } from '../sanitise/writer.js';
import { embedLinkFor } from './embed-links.js';
import { attributesOf } from './feed-attributes.js';
import { absoluteUrl, type UrlBase } from './feed-urls.js';
import { xmlText } from './xml-text.js';

/**
 * What becomes of each element of a body in a feed (feed-html.ts parses the body and hands each
 * element outside anything dropped to `place`): written with its allowed attributes
 * (feed-attributes.ts), unwrapped, dropped, or made into what a reader can show (an image plain,
 * a player a link, a code block its text, a checkbox a character). What an element becomes can
 * hang on what it sits in (a code block, a link, `<math>`, a `<picture>`), which `State` counts.
 */

/** What an open element added to, until it closes. */
type Counted = 'pre' | 'a' | 'math' | 'picture';

type Attribs = Record<string, string>;

/** One body's writing, as far as it has got: what each step below reads and updates. */
export interface State {
  readonly writer: BalancedWriter;
  readonly urls: UrlBase;
  readonly embeds: readonly Embed[];
  /**
   * The elements the parser has open (whatever their fate), for what an element sits in, each
   * with the count it added to (`counts`) until it closes.
   */
  readonly open: { tag: string; counted?: Counted }[];
  readonly counts: Record<Counted, number>;
  /** Whether the current code block's `code` is written. */
  preCode: boolean;
  /** The current code block's language, as its `<pre>` names it. */
  preLanguage: string | undefined;
  /** What the element being placed added to. */
  counted: Counted | undefined;
}

/** A body's writing before its first element. */
export function startState(urls: UrlBase, embeds: readonly Embed[]): State {
  return {
    writer: new BalancedWriter(),
    urls,
    embeds,
    open: [],
    counts: { pre: 0, a: 0, math: 0, picture: 0 },
    preCode: false,
    preLanguage: undefined,
    counted: undefined,
  };
}

/** Elements written (their attributes: feed-attributes.ts); others are unwrapped or dropped. */
const TAGS: ReadonlySet<string> = new Set([
  'a', 'abbr', 'audio', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'col', 'colgroup',
  'dd', 'del', 'details', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 'rp',
  'rt', 'ruby', 's', 'samp', 'section', 'small', 'source', 'strike', 'strong', 'sub', 'summary',
  'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'track', 'tt', 'u', 'ul',
  'var', 'video',
]); // biome-ignore format: a list

/** What becomes of an element outside anything dropped; writes it when it is written. */
export function place(s: State, tag: string, attribs: Attribs): Fate {
  if (MATH_DROPPED.has(tag)) return DROPPED;
  if (tag === 'iframe') {
    embed(s, attribs);
    return DROPPED;
  }
  if (DROPPED_WITH_CONTENT.has(tag)) return DROPPED;
  if (s.counts.pre > 0) return inCodeBlock(s, tag, attribs);
  if (s.counts.math > 0 || tag === 'math') return inMath(s, tag, attribs);
  if (tag === 'input') return checkbox(s, attribs);
  // A `<picture>` is unwrapped but counted, for its `<source>`s to go: its `<img>` alone stays.
  if (tag === 'picture') count(s, 'picture');
  if (!TAGS.has(tag) || (tag === 'source' && s.counts.picture > 0)) return UNWRAPPED;
  if (TABLE_PARTS.has(tag) && s.writer.tables === 0) return UNWRAPPED;
  if (tag === 'img') return image(s, attribs);
  if (tag === 'a') return link(s, attribs);
  if (tag === 'pre') return codeBlock(s, attribs);
  // A player without script shows nothing without the browser's own controls.
  if (tag === 'video' || tag === 'audio') attribs.controls = '';
  write(s, tag, attribs);
  return WRITTEN;
}

/** A link with an absolute URL; without one, its text alone. */
function link(s: State, attribs: Attribs): Fate {
  const href =
    attribs.href !== undefined ? absoluteUrl(s.urls, 'a', 'href', attribs.href) : undefined;
  if (!href) return UNWRAPPED;
  write(s, 'a', { ...attribs, href });
  count(s, 'a');
  return WRITTEN;
}

/** A task list's checkbox, as ☑ or ☐ (a feed has no form controls); any other input goes. */
function checkbox(s: State, attribs: Attribs): Fate {
  if ((attribs.type ?? '').trim().toLowerCase() === 'checkbox')
    text(s, attribs.checked !== undefined ? '☑' : '☐');
  return UNWRAPPED;
}

/** An element in `<math>` (or the `<math>` itself): MathML stays MathML, anything else goes. */
function inMath(s: State, tag: string, attribs: Attribs): Fate {
  if (!MATH_TAGS.has(tag)) return UNWRAPPED;
  write(s, tag, attribs);
  if (tag === 'math') count(s, 'math');
  return WRITTEN;
}

/** A code block's `<pre>`, bare: its language is noted for the one `code` inside it. */
function codeBlock(s: State, attribs: Attribs): Fate {
  count(s, 'pre');
  s.preCode = false;
  s.preLanguage = codeLanguage('pre', attribs);
  write(s, 'pre', {});
  return WRITTEN;
}

/**
 * An element in a code block: only the code's text stays, in the one `code` (a highlighter's
 * token spans go, and a `<br>` is the newline it shows).
 */
function inCodeBlock(s: State, tag: string, attribs: Attribs): Fate {
  if (tag === 'br') text(s, '\n');
  if (tag !== 'code' || s.preCode) return UNWRAPPED;
  s.preCode = true;
  // A language name is `[a-z0-9+#._-]` (code-language.ts).
  const language = codeLanguage('code', attribs) ?? s.preLanguage;
  openTag(s, 'code', language ? `<code class="language-${escapeAttribute(language)}">` : '<code>');
  return WRITTEN;
}

/** An image: `<img src alt width height>`, or its `alt` as text when it has no usable URL. */
function image(s: State, attribs: Attribs): Fate {
  const src = imageSource(s.urls, attribs);
  if (!src) {
    if (attribs.alt?.trim()) text(s, attribs.alt);
    return UNWRAPPED;
  }
  write(s, 'img', { ...attribs, src }); // `srcset`, `loading`… are not allowed: they go
  return WRITTEN;
}

/** An image's `src`: its own, else the widest candidate of its `srcset`. */
function imageSource(urls: UrlBase, attribs: Attribs): string | undefined {
  const src = attribs.src !== undefined ? absoluteUrl(urls, 'img', 'src', attribs.src) : undefined;
  if (src || !attribs.srcset) return src;
  let best: { url: string; size: number } | undefined;
  try {
    for (const { source, width, density } of parseSrcset(attribs.srcset)) {
      const candidate = absoluteUrl(urls, 'img', 'src', source.value);
      const size = width?.value ?? (density?.value ?? 1) * 1e6;
      if (candidate && (!best || size >= best.size)) best = { url: candidate, size };
    }
  } catch {
    return undefined;
  }
  return best?.url;
}

/**
 * Ancestors beside which a `<p>` may stand (flow content): an embed's link gets a paragraph of
 * its own only when every element around it is one of these.
 */
const FLOW = new Set([
  'article', 'aside', 'blockquote', 'body', 'dd', 'details', 'div', 'figcaption', 'figure',
  'footer', 'header', 'html', 'li', 'main', 'nav', 'section', 'td', 'th',
]); // biome-ignore format: a list

/** A player: a link to what it shows, in a paragraph where one may stand. */
function embed(s: State, attribs: Attribs): void {
  const src =
    attribs.src !== undefined ? absoluteUrl(s.urls, 'iframe', 'src', attribs.src) : undefined;
  if (!src) return;
  const { href, label } = embedLinkFor(src, attribs['data-embed'], attribs.title, s.embeds);
  if (s.counts.a > 0) {
    text(s, label); // a link cannot hold a link: the label alone, inside the one around it
    return;
  }
  const link = `<a href="${escapeAttribute(xmlText(href))}">${escapeText(xmlText(label))}</a>`;
  s.writer.text(s.open.every(({ tag }) => FLOW.has(tag)) ? `<p>${link}</p>` : link);
}

/** Text as written: escaped, without what XML forbids. */
export function text(s: State, raw: string): void {
  s.writer.text(escapeText(xmlText(raw)));
}

/** Writes the element's start tag with its allowed attributes. */
function write(s: State, tag: string, attribs: Attribs): void {
  openTag(s, tag, `<${tag}${attributesOf(s.urls, tag, attribs)}>`);
}

function openTag(s: State, tag: string, chunk: string): void {
  s.writer.closeImplied(tag);
  s.writer.open(tag, WRITTEN, chunk);
}

/** Counts the element being placed as `what`, until it closes. */
function count(s: State, what: Counted): void {
  s.counts[what]++;
  s.counted = what;
}
