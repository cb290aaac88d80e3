/**
 * MathML Core, for formulas (KaTeX and MathJax write it beside their visual HTML; Pandoc and
 * Temml write only it): its elements and presentation attributes, nothing that links, loads or
 * runs. `annotation` (the TeX source) stays, as browsers hide it; `annotation-xml` can hold
 * HTML that the browser would parse as HTML and goes with its content. Inside `<math>` only
 * these elements are written (any other is unwrapped, keeping its text); outside it, none is.
 */
export const MATH_TAGS: ReadonlySet<string> = new Set([
  'math', 'annotation', 'merror', 'mfrac', 'mi', 'mmultiscripts', 'mn', 'mo', 'mover',
  'mpadded', 'mphantom', 'mprescripts', 'mroot', 'mrow', 'ms', 'mspace', 'msqrt', 'mstyle',
  'msub', 'msubsup', 'msup', 'mtable', 'mtd', 'mtext', 'mtr', 'munder', 'munderover', 'none',
  'semantics', 'menclose',
]); // biome-ignore format: a list

/** Dropped with everything inside, in or out of `<math>`. */
export const MATH_DROPPED: ReadonlySet<string> = new Set([
  'annotation-xml', 'maction', 'mglyph', 'malignmark',
]); // biome-ignore format: a list

const MATH_ATTRIBUTES: ReadonlySet<string> = new Set([
  // MathML Core's global attributes (less event handlers, style and tabindex)
  'dir', 'displaystyle', 'mathvariant', 'scriptlevel', 'class', 'id',
  'display', 'alttext', 'encoding', 'linethickness', 'form', 'fence', 'separator', 'lspace',
  'rspace', 'stretchy', 'symmetric', 'maxsize', 'minsize', 'largeop', 'movablelimits',
  'accent', 'accentunder', 'width', 'height', 'depth', 'voffset', 'columnspan', 'rowspan',
  'notation',
  // MathML 3 table layout, which KaTeX writes and browsers still read
  'columnalign', 'rowalign', 'columnspacing', 'rowspacing', 'columnlines', 'rowlines', 'frame',
  'framespacing', 'equalrows', 'equalcolumns', 'align', 'side',
]); // biome-ignore format: a list

/** Values are lengths, keywords and numbers: anything else (a URL, markup) is not kept. */
const PLAIN_VALUE = /^[\w\s.%+#-]*$/;

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

export function mathAttributeAllowed(name: string, value: string): boolean {
  if (!MATH_ATTRIBUTES.has(name)) return false;
  if (name === 'alttext' || name === 'class' || name === 'id') return true;
  return name === 'encoding' ? MEDIA_TYPE.test(value) : PLAIN_VALUE.test(value);
}
