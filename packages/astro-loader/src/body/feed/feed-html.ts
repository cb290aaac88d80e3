import parseSrcset from '@prettier/parse-srcset';
import { Parser } from 'htmlparser2';
import { escapeAttribute, escapeText } from '../../shared/html-escape.js';
import { codeLanguage } from '../cms/code-language.js';
import type { Embed } from '../cms/embeds.js';
import { MATH_DROPPED, MATH_TAGS, mathAttributeAllowed } from '../cms/math.js';
import { DROPPED_WITH_CONTENT, TABLE_PARTS } from '../sanitise/policy.js';
import { BalancedWriter, DROPPED, type Fate, UNWRAPPED, WRITTEN } from '../sanitise/writer.js';
import { embedLinkFor } from './embed-links.js';
import { absoluteUrl, httpUrl, isUrlAttribute, type UrlBase } from './feed-urls.js';

/**
 * A body step after the pipeline (body/pipeline.ts), for feeds: an entry's sanitised body as
 * HTML that reads the same in a feed reader, which has none of the site's CSS, scripts or
 * address. What it reads is the body as step 2 writes it (the body pipeline page, "Forms later
 * steps read"), but it trusts none of it: it parses the HTML again with htmlparser2 and writes
 * through the sanitiser's writer (every element closed, every text and value escaped by
 * shared/html-escape.ts) only the elements and attributes allowed below, so that any input, a
 * hostile one too, gives no script, no event handler and no URL but http(s) (and `mailto:`
 * links, and raster `data:` images as the sanitiser keeps them).
 *
 * - Every URL is absolute: relative ones are resolved against `base` (by default the page that
 *   shows the article, where the site's own page resolves them); what cannot be made absolute
 *   goes (a link keeps its text, an image its `alt` as text). No URL of the site's build assets
 *   (`/_astro/…`, hashed per build, gone after the next deploy): an `/_image?href=` URL gives
 *   back the image it served, any other is dropped as unresolvable.
 * - Images are plain `<img src alt width height>` with the real URL: no `loading`, `decoding`,
 *   `srcset`, `sizes` (a `srcset` alone gives its widest candidate as `src`); a `<picture>`
 *   keeps its fallback `<img>` only.
 * - A player (`<iframe data-embed>`) becomes a link to the embedded page (embed-links.ts),
 *   in a `<p>` of its own where one may stand.
 * - Code blocks are `<pre><code class="language-x">` holding the code's text exactly (a
 *   highlighter's token spans, styles and classes gone). The `language-x` class stays, as the
 *   one class: it is HTML's own way to name a code's language, which readers that highlight
 *   read, and it shows nothing without CSS.
 * - No `class` (but that one), `style`, `id`, `data-*`, `aria-*`, `tabindex`, `target`, `rel`:
 *   attributes are allow-listed per element (`ATTRIBUTES`). A task list's checkbox is written
 *   as ☑ or ☐. MathML stays MathML (its presentation attributes, less `class` and `id`).
 * - Characters XML 1.0 does not allow (most C0 controls, lone surrogates) are removed, so the
 *   HTML can be put in a feed's XML as it is.
 */

export interface FeedHtmlOptions {
  /** The absolute http(s) URL the body's relative URLs are resolved against. */
  base: string;
  /** The site's address (`site` of astro.config), to recognise its build assets' URLs. */
  site?: string | URL | undefined;
  /** The entry's `data.embeds`: the item each player shows. */
  embeds?: readonly Embed[] | undefined;
}

/**
 * The body as feed-safe HTML: see this file's header. Whatever the HTML, it does not throw
 * (a `base` that is not an absolute http(s) URL is a TypeError).
 */
export function feedHtml(html: string, options: FeedHtmlOptions): string {
  const base = httpUrl(options.base);
  if (!base)
    throw new TypeError(`feedHtml: base must be an absolute http(s) URL, not "${options.base}"`);
  const site = options.site === undefined ? undefined : httpUrl(String(options.site));
  const state: State = {
    writer: new BalancedWriter(),
    urls: { base, site },
    embeds: options.embeds ?? [],
    open: [],
    counts: { pre: 0, a: 0, math: 0, picture: 0 },
    preCode: false,
    preLanguage: undefined,
    counted: undefined,
  };
  parse(html, state);
  state.writer.end();
  return state.writer.out.join('');
}

/** What an open element added to, until it closes. */
type Counted = 'pre' | 'a' | 'math' | 'picture';

type Attribs = Record<string, string>;

/** One body's writing, as far as it has got: what each step below reads and updates. */
interface State {
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

/** Parses the HTML, placing each element (`place`) and writing each text outside dropped ones. */
function parse(html: string, s: State): void {
  // A tag cut off by the end of the input is named and then closed by the parser, but never
  // reported open: its close is skipped, as nothing was noted for it to match.
  let unreported: string | undefined;
  const parser = new Parser(
    {
      onopentagname(tag) {
        unreported = tag;
      },
      onopentag(tag, attribs) {
        unreported = undefined;
        s.counted = undefined;
        const fate = s.writer.dropping > 0 ? DROPPED : place(s, tag, attribs);
        // `place` wrote what it writes; other fates are noted so that the close is matched.
        if (fate !== WRITTEN) s.writer.open(tag, fate, '');
        s.open.push(s.counted ? { tag, counted: s.counted } : { tag });
      },
      onclosetag(tag) {
        if (unreported === tag) {
          unreported = undefined;
          return;
        }
        if (s.writer.close(tag) === undefined) return;
        const closed = s.open.pop()?.counted;
        if (closed) s.counts[closed]--;
      },
      ontext(raw) {
        if (s.writer.dropping === 0) text(s, raw);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
}

/** Elements written (with the attributes of `ATTRIBUTES`); others are unwrapped or dropped. */
const TAGS: ReadonlySet<string> = new Set([
  'a', 'abbr', 'audio', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'col', 'colgroup',
  'dd', 'del', 'details', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 'rp',
  'rt', 'ruby', 's', 'samp', 'section', 'small', 'source', 'strike', 'strong', 'sub', 'summary',
  'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'track', 'tt', 'u', 'ul',
  'var', 'video',
]); // biome-ignore format: a list

/** What becomes of an element outside anything dropped; writes it when it is written. */
function place(s: State, tag: string, attribs: Attribs): Fate {
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
function text(s: State, raw: string): void {
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
function attributesOf(urls: UrlBase, tag: string, attribs: Attribs): string {
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

const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` without the characters XML 1.0 does not allow (C0 controls but tab and newlines, lone surrogates). */
export function xmlText(text: string): string {
  NOT_XML.lastIndex = 0;
  return NOT_XML.test(text) ? text.replace(NOT_XML, '') : text;
}
