/**
 * The allow-list for article bodies: GitHub's (the one hast-util-sanitize ships and GitHub
 * uses for READMEs) plus what ordinary articles use that it lacks (figure, picture, video …,
 * caption and colgroup, `loading`), in HTML attribute names. Anything not listed is removed;
 * `class` is listed but its values pass classes.ts, and ids get a prefix (ids.ts).
 */

/** Elements kept (with their allowed attributes). */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'a', 'abbr', 'audio', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'col', 'colgroup',
  'dd', 'del', 'details', 'div',
  'dl', 'dt', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img',
  'input', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'picture', 'pre', 'q', 'rp', 'rt', 'ruby', 's',
  'samp', 'section', 'small', 'source', 'span', 'strike', 'strong', 'sub', 'summary', 'sup',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'track', 'tt', 'u', 'ul', 'var',
  'video',
]); // biome-ignore format: a list

/**
 * Elements removed together with everything inside them: code, styles, embedded documents
 * (an iframe of an embed provider is written anew: embeds.ts), forms' text, metadata and SVG.
 * MathML has its own list (math.ts). Other unknown elements are unwrapped: the tag goes, its
 * content stays.
 */
export const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script', 'style', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'noscript', 'noembed', 'noframes', 'textarea', 'select', 'option', 'title', 'head', 'xmp',
  'plaintext', 'svg', 'canvas', 'dialog', 'portal', 'param',
]); // biome-ignore format: a list

/** Void elements: no end tag is written. */
export const VOID_TAGS: ReadonlySet<string> = new Set([
  'br', 'col', 'hr', 'img', 'input', 'source', 'track',
]); // biome-ignore format: a list

/** Attributes allowed on every kept element (GitHub's list, less form and event attributes). */
const GLOBAL = [
  'abbr', 'align', 'alt', 'axis', 'border', 'cellpadding', 'cellspacing', 'char', 'charoff',
  'class', 'clear', 'colspan', 'color', 'cols', 'compact', 'coords', 'datetime', 'dir', 'headers',
  'height', 'hreflang', 'hspace', 'id', 'ismap', 'itemprop', 'label', 'lang', 'media', 'name',
  'nohref', 'noshade', 'nowrap', 'open', 'rev', 'rowspan', 'rows', 'rules', 'scope', 'shape',
  'size', 'span', 'start', 'summary', 'tabindex', 'title', 'usemap', 'valign', 'value', 'width',
  // ARIA as GitHub keeps it: decorative duplicates stay hidden from screen readers
  'aria-describedby', 'aria-hidden', 'aria-label', 'aria-labelledby',
]; // biome-ignore format: a list

const PER_TAG: Record<string, string[]> = {
  a: ['data-footnote-backref', 'data-footnote-ref', 'href', 'rel', 'target'],
  blockquote: ['cite'],
  del: ['cite'],
  ins: ['cite'],
  q: ['cite'],
  div: ['itemscope', 'itemtype'],
  ol: ['reversed', 'type'],
  section: ['data-footnotes'],
  img: ['longdesc', 'src', 'loading', 'decoding', 'srcset', 'sizes'],
  source: ['src', 'srcset', 'type', 'media', 'sizes'],
  video: ['src', 'poster', 'controls', 'muted', 'loop', 'playsinline', 'preload'],
  audio: ['src', 'controls', 'loop', 'preload'],
  track: ['src', 'kind', 'srclang', 'label', 'default'],
  input: ['type', 'disabled', 'checked'],
};

const ALLOWED_ATTRIBUTES = new Map<string, ReadonlySet<string>>(
  [...ALLOWED_TAGS].map((tag) => [tag, new Set([...GLOBAL, ...(PER_TAG[tag] ?? [])])]),
);

export function attributeAllowed(tag: string, name: string): boolean {
  return ALLOWED_ATTRIBUTES.get(tag)?.has(name) ?? false;
}

/** Attributes holding one URL, and the schemes each accepts (relative URLs are always fine). */
export const URL_ATTRIBUTES: ReadonlyMap<string, readonly string[]> = new Map([
  ['href', ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']],
  ['src', ['http', 'https']],
  ['cite', ['http', 'https']],
  ['longdesc', ['http', 'https']],
  ['poster', ['http', 'https']],
  ['itemtype', ['http', 'https']],
]);

/** Attributes naming ids of the article (space-separated): they get the id prefix too. */
export const ID_REFERENCES: ReadonlySet<string> = new Set([
  'aria-describedby',
  'aria-labelledby',
  'headers',
]);

/** Elements that only make sense inside a table; elsewhere they are unwrapped. */
export const TABLE_PARTS: ReadonlySet<string> = new Set([
  'caption',
  'col',
  'colgroup',
  'tbody',
  'td',
  'th',
  'thead',
  'tfoot',
  'tr',
]);

/** ARIA attributes whose value is a boolean token. */
export const ARIA_BOOLEAN = /^(?:true|false)$/;

/** Raster images as data: URLs, allowed in `<img src>` only (never SVG: it can hold script). */
export const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp|avif);base64,[a-z0-9+/=\s]*$/i;

const P = ['p'];
const HEADINGS_AND_P = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'];
/**
 * Opening the key closes these when one is the innermost open element (htmlparser2's rule,
 * after HTML's; only the kept elements). Applied to what we write, so that reading the output
 * again gives the same tree: re-sanitising is a no-op.
 */
export const OPEN_IMPLIES_CLOSE: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    tr: ['tr', 'th', 'td'], th: ['th'], td: ['thead', 'th', 'td'], a: ['a'], li: ['li'], p: P,
    h1: HEADINGS_AND_P, h2: HEADINGS_AND_P, h3: HEADINGS_AND_P, h4: HEADINGS_AND_P,
    h5: HEADINGS_AND_P, h6: HEADINGS_AND_P, dd: ['dd', 'dt'], dt: ['dd', 'dt'],
    blockquote: P, details: P, div: P, dl: P, figcaption: P, figure: P, hr: P, ol: P, pre: P,
    section: P, table: P, ul: P, rt: ['rt', 'rp'], rp: ['rt', 'rp'], tbody: ['thead', 'tbody'],
    tfoot: ['thead', 'tbody'],
  }).map(([tag, closes]) => [tag, new Set(closes)]),
); // biome-ignore format: a table
