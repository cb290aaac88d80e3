import parseSrcset from '@prettier/parse-srcset';
import { Parser } from 'htmlparser2';
import { escapeAttribute, escapeText } from '../../shared/html-escape.js';
import { codeLanguage } from '../cms/code-language.js';
import type { Embed } from '../cms/embeds.js';
import { MATH_DROPPED, MATH_TAGS, mathAttributeAllowed } from '../cms/math.js';
import { DROPPED_WITH_CONTENT, SAFE_DATA_IMAGE, TABLE_PARTS } from '../sanitise/policy.js';
import { BalancedWriter, DROPPED, type Fate, UNWRAPPED, WRITTEN } from '../sanitise/writer.js';
import { embedLinkFor } from './embed-links.js';

/**
 * A body step after the pipeline (body/pipeline.ts), for feeds: an entry's sanitised body as
 * HTML that reads the same in a feed reader, which has none of the site's CSS, scripts or
 * address. What it reads is the body as step 2 writes it (docs/article-body-pipeline.md, "Forms
 * later steps read"), but it trusts none of it: it parses the HTML again with htmlparser2 and
 * writes through the sanitiser's writer (every element closed, every text and value escaped by
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

/** Elements written (with the attributes of `ATTRIBUTES`); others are unwrapped or dropped. */
const TAGS: ReadonlySet<string> = new Set([
  'a', 'abbr', 'audio', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'col', 'colgroup',
  'dd', 'del', 'details', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 'rp',
  'rt', 'ruby', 's', 'samp', 'section', 'small', 'source', 'strike', 'strong', 'sub', 'summary',
  'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'track', 'tt', 'u', 'ul',
  'var', 'video',
]); // biome-ignore format: a list

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

/** The URL attributes, and the schemes each may have once absolute. */
const URL_SCHEMES: ReadonlyMap<string, readonly string[]> = new Map([
  ['href', ['http:', 'https:', 'mailto:']],
  ['src', ['http:', 'https:']],
  ['poster', ['http:', 'https:']],
  ['cite', ['http:', 'https:']],
]);

/** Whole CSS pixels, as `width`/`height` (and a table's spans) are kept. */
const WHOLE = /^\d{1,5}$/;
const NUMBERED = new Set(['width', 'height', 'colspan', 'rowspan', 'span', 'start', 'value']);
const BOOLEAN = new Set(['controls', 'reversed', 'open', 'default']);

/**
 * Ancestors beside which a `<p>` may stand (flow content): an embed's link gets a paragraph of
 * its own only when every element around it is one of these.
 */
const FLOW = new Set([
  'article', 'aside', 'blockquote', 'body', 'dd', 'details', 'div', 'figcaption', 'figure',
  'footer', 'header', 'html', 'li', 'main', 'nav', 'section', 'td', 'th',
]); // biome-ignore format: a list

const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` without the characters XML 1.0 does not allow (C0 controls but tab and newlines, lone surrogates). */
export function xmlText(text: string): string {
  NOT_XML.lastIndex = 0;
  return NOT_XML.test(text) ? text.replace(NOT_XML, '') : text;
}

/** What an open element added to, until it closes. */
type Counted = 'pre' | 'a' | 'math' | 'picture';

/**
 * The body as feed-safe HTML: see this file's header. Whatever the HTML, it does not throw
 * (a `base` that is not an absolute http(s) URL is a TypeError).
 */
export function feedHtml(html: string, options: FeedHtmlOptions): string {
  const base = httpUrl(options.base);
  if (!base)
    throw new TypeError(`feedHtml: base must be an absolute http(s) URL, not "${options.base}"`);
  const site = options.site === undefined ? undefined : httpUrl(String(options.site));
  const embeds = options.embeds ?? [];
  const writer = new BalancedWriter();
  // The elements the parser has open (whatever their fate), for what an element sits in, each
  // with the count it added to (`counts`) until it closes.
  const open: { tag: string; counted?: Counted }[] = [];
  const counts: Record<Counted, number> = { pre: 0, a: 0, math: 0, picture: 0 };
  let preCode = false; // the current block's `code` is written
  let preLanguage: string | undefined;
  let counted: Counted | undefined; // what the element being placed added to
  let unreported: string | undefined;

  /** A URL attribute's value made absolute, or undefined when it cannot be or may not be. */
  const url = (tag: string, name: string, value: string): string | undefined => {
    const trimmed = value.trim();
    if (tag === 'img' && name === 'src' && SAFE_DATA_IMAGE.test(trimmed)) return trimmed;
    const resolved = assetFree(resolve(trimmed, base), site);
    return resolved && URL_SCHEMES.get(name)?.includes(resolved.protocol)
      ? resolved.href
      : undefined;
  };

  const attributesOf = (tag: string, attribs: Record<string, string>): string => {
    let written = '';
    // Outside `<math>`, MathML elements are unwrapped before they get here.
    const allowed = MATH_TAGS.has(tag) ? undefined : (ATTRIBUTES.get(tag) ?? GLOBAL_ONLY);
    for (const name in attribs) {
      let value: string | undefined = attribs[name] ?? '';
      const kept = allowed
        ? allowed.has(name)
        : name !== 'class' && name !== 'id' && mathAttributeAllowed(name, value);
      if (!kept) continue;
      if (URL_SCHEMES.has(name)) value = url(tag, name, value);
      else if (NUMBERED.has(name)) value = WHOLE.test(value.trim()) ? value.trim() : undefined;
      else if (BOOLEAN.has(name)) value = '';
      if (value === undefined) continue;
      written += ` ${name}="${escapeAttribute(xmlText(value))}"`;
    }
    return written;
  };

  /** An image's `src`: its own, else the widest candidate of its `srcset`. */
  const imageSource = (attribs: Record<string, string>): string | undefined => {
    const src = attribs.src !== undefined ? url('img', 'src', attribs.src) : undefined;
    if (src || !attribs.srcset) return src;
    let best: { url: string; size: number } | undefined;
    try {
      for (const { source, width, density } of parseSrcset(attribs.srcset)) {
        const candidate = url('img', 'src', source.value);
        const size = width?.value ?? (density?.value ?? 1) * 1e6;
        if (candidate && (!best || size >= best.size)) best = { url: candidate, size };
      }
    } catch {
      return undefined;
    }
    return best?.url;
  };

  const text = (raw: string) => writer.text(escapeText(xmlText(raw)));

  /** An image: `<img src alt width height>`, or its `alt` as text when it has no usable URL. */
  const image = (attribs: Record<string, string>): Fate => {
    const src = imageSource(attribs);
    if (!src) {
      if (attribs.alt?.trim()) text(attribs.alt);
      return UNWRAPPED;
    }
    write('img', { ...attribs, src }); // `srcset`, `loading`… are not allowed: they go
    return WRITTEN;
  };

  /** A player: a link to what it shows, in a paragraph where one may stand. */
  const embed = (attribs: Record<string, string>): void => {
    const src = attribs.src !== undefined ? url('iframe', 'src', attribs.src) : undefined;
    if (!src) return;
    const { href, label } = embedLinkFor(src, attribs['data-embed'], attribs.title, embeds);
    if (counts.a > 0) {
      text(label); // a link cannot hold a link: the label alone, inside the one around it
      return;
    }
    const link = `<a href="${escapeAttribute(xmlText(href))}">${escapeText(xmlText(label))}</a>`;
    writer.text(open.every(({ tag }) => FLOW.has(tag)) ? `<p>${link}</p>` : link);
  };

  const write = (tag: string, attribs: Record<string, string>) =>
    writeTag(tag, `<${tag}${attributesOf(tag, attribs)}>`);
  const writeTag = (tag: string, chunk: string) => {
    writer.closeImplied(tag);
    writer.open(tag, WRITTEN, chunk);
  };
  const count = (what: Counted) => {
    counts[what]++;
    counted = what;
  };

  /** What becomes of an element outside anything dropped; writes it when it is written. */
  const place = (tag: string, attribs: Record<string, string>): Fate => {
    if (MATH_DROPPED.has(tag)) return DROPPED;
    if (tag === 'iframe') {
      embed(attribs);
      return DROPPED;
    }
    if (DROPPED_WITH_CONTENT.has(tag)) return DROPPED;
    if (counts.pre > 0) {
      // In a code block, only its text, in the one `code`.
      if (tag === 'br') text('\n');
      if (tag !== 'code' || preCode) return UNWRAPPED;
      preCode = true;
      // A language name is `[a-z0-9+#._-]` (code-language.ts).
      const language = codeLanguage('code', attribs) ?? preLanguage;
      writeTag(
        'code',
        language ? `<code class="language-${escapeAttribute(language)}">` : '<code>',
      );
      return WRITTEN;
    }
    if (counts.math > 0 || tag === 'math') {
      if (!MATH_TAGS.has(tag)) return UNWRAPPED;
      write(tag, attribs);
      if (tag === 'math') count('math');
      return WRITTEN;
    }
    if (tag === 'input') {
      if ((attribs.type ?? '').trim().toLowerCase() === 'checkbox')
        text(attribs.checked !== undefined ? '☑' : '☐');
      return UNWRAPPED;
    }
    if (tag === 'picture') count('picture');
    if (!TAGS.has(tag) || (tag === 'source' && counts.picture > 0)) return UNWRAPPED;
    if (TABLE_PARTS.has(tag) && writer.tables === 0) return UNWRAPPED;
    if (tag === 'img') return image(attribs);
    if (tag === 'a') {
      const href = attribs.href !== undefined ? url('a', 'href', attribs.href) : undefined;
      if (!href) return UNWRAPPED;
      write('a', { ...attribs, href });
      count('a');
      return WRITTEN;
    }
    // A player without script shows nothing without the browser's own controls.
    if (tag === 'video' || tag === 'audio') attribs.controls = '';
    if (tag === 'pre') {
      count('pre');
      preCode = false;
      preLanguage = codeLanguage('pre', attribs);
      write('pre', {});
      return WRITTEN;
    }
    write(tag, attribs);
    return WRITTEN;
  };

  const parser = new Parser(
    {
      onopentagname(tag) {
        unreported = tag;
      },
      onopentag(tag, attribs) {
        unreported = undefined;
        counted = undefined;
        const fate = writer.dropping > 0 ? DROPPED : place(tag, attribs);
        // `place` wrote what it writes; other fates are noted so that the close is matched.
        if (fate !== WRITTEN) writer.open(tag, fate, '');
        open.push(counted ? { tag, counted } : { tag });
      },
      onclosetag(tag) {
        if (unreported === tag) {
          unreported = undefined;
          return;
        }
        if (writer.close(tag) === undefined) return;
        const closed = open.pop()?.counted;
        if (closed) counts[closed]--;
      },
      ontext(raw) {
        if (writer.dropping === 0) text(raw);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  writer.end();
  return writer.out.join('');
}

/** The URL when it is absolute http(s), else undefined. */
function httpUrl(value: string): URL | undefined {
  const url = resolve(value, undefined);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
}

function resolve(value: string, base: URL | undefined): URL | undefined {
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}

/**
 * The URL unless it is one of the site's build assets: `/_image?href=` (Astro's image endpoint)
 * gives back the image it serves; `/_astro/…` (hashed per build) is dropped.
 */
function assetFree(url: URL | undefined, site: URL | undefined): URL | undefined {
  if (!url || !site || !isAsset(url, site)) return url;
  if (!IMAGE_ENDPOINT.test(url.pathname)) return undefined;
  const served = url.searchParams.get('href');
  const image = served ? resolve(served, site) : undefined;
  return image && !isAsset(image, site) ? image : undefined;
}

const BUILD_ASSET = /(?:^|\/)_astro\//;
const IMAGE_ENDPOINT = /\/_image\/?$/;

function isAsset(url: URL, site: URL): boolean {
  return (
    url.origin === site.origin &&
    (BUILD_ASSET.test(url.pathname) || IMAGE_ENDPOINT.test(url.pathname))
  );
}
