/**
 * Reading feed HTML back for the feed tests: its elements as htmlparser2 parses them, and the
 * checks every output must pass (allowed elements and attributes, absolute URLs, no script).
 */
import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { MATH_TAGS } from '../../src/body/cms/math.js';
import { SAFE_DATA_IMAGE } from '../../src/body/sanitise/policy.js';

export function elements(nodes: ChildNode[], out: Element[] = []): Element[] {
  for (const node of nodes) {
    if (isTag(node)) {
      out.push(node);
      elements(node.children, out);
    }
  }
  return out;
}

export function textOf(nodes: ChildNode[]): string {
  return nodes.map((n) => (isText(n) ? n.data : isTag(n) ? textOf(n.children) : '')).join('');
}

export const parse = (html: string) => parseDocument(html, { decodeEntities: true }).children;
export const all = (html: string) => elements(parse(html));
export const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The attributes of the elements named `tag`, that have `name`. */
export const attr = (html: string, tag: string, name: string) =>
  all(html)
    .filter((e) => e.name === tag && e.attribs[name] !== undefined)
    .map((e) => e.attribs[name] ?? '');

/** What the feed step may write: elements and their attributes (MathML apart). */
const GLOBAL = ['title', 'lang', 'dir'];
const ALLOWED: Record<string, string[]> = {
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
  code: ['class'],
};
const TAGS = new Set([
  ...Object.keys(ALLOWED),
  ...'abbr b br caption cite dd div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i kbd mark p pre rp rt ruby s samp section small strike strong sub summary sup table tbody tfoot thead tr tt u ul var'.split(
    ' ',
  ),
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite']);

/** Every problem of feed HTML: anything not allowed, any URL not absolute http(s). */
export function feedProblems(html: string): string[] {
  const problems: string[] = [];
  if (/<script/i.test(html)) problems.push('<script');
  for (const element of all(html)) {
    const { name, attribs } = element;
    const math = MATH_TAGS.has(name);
    if (!math && !TAGS.has(name)) problems.push(`element ${name}`);
    for (const [attribute, value] of Object.entries(attribs)) {
      if (/^on/i.test(attribute)) problems.push(`${name} ${attribute}`);
      // A URL attribute (a `title` may say "javascript:": it is text).
      const isUrl = URL_ATTRIBUTES.has(attribute);
      if (
        isUrl &&
        /^\s*(?:javascript|vbscript|data)\s*:/i.test(value) &&
        !SAFE_DATA_IMAGE.test(value)
      )
        problems.push(`${name} ${attribute}="${value}"`);
      if (math) {
        if (['class', 'id', 'style', 'href'].includes(attribute))
          problems.push(`${name} ${attribute}`);
        continue;
      }
      if (![...GLOBAL, ...(ALLOWED[name] ?? [])].includes(attribute))
        problems.push(`${name} ${attribute}`);
      if (attribute === 'class' && !/^language-[a-z0-9+#._-]+$/.test(value))
        problems.push(`${name} class="${value}"`);
      if (URL_ATTRIBUTES.has(attribute) && !absolute(name, attribute, value))
        problems.push(`${name} ${attribute}="${value}" not absolute`);
      if (URL_ATTRIBUTES.has(attribute) && /\/_(?:astro\/|image\b)/.test(value))
        problems.push(`${name} ${attribute}="${value}": a build asset`);
    }
  }
  return problems;
}

function absolute(tag: string, name: string, value: string): boolean {
  if (tag === 'img' && name === 'src' && SAFE_DATA_IMAGE.test(value)) return true;
  try {
    const url = new URL(value);
    return (
      url.href === value &&
      (url.protocol === 'https:' ||
        url.protocol === 'http:' ||
        (name === 'href' && url.protocol === 'mailto:'))
    );
  } catch {
    return false;
  }
}
