import { escapeAttribute } from '../../shared/html-escape.js';
import { MATH_TAGS, mathAttributeAllowed } from '../cms/math.js';
import { cleanSrcset } from '../cms/srcset.js';
import { type ClassFilter, filterClasses } from './classes.js';
import { ARIA_BOOLEAN, attributeAllowed, ID_REFERENCES } from './policy.js';
import type { UrlPolicy } from './urls.js';

export const HEADING = /^h([1-6])$/;

/**
 * The allowed attributes, escaped and quoted; the id (prefixed) is returned apart and, for
 * headings, not written: the heading's id is settled once the whole body is read.
 */
export function writeAttributes(
  tag: string,
  attribs: Record<string, string>,
  classes: ClassFilter,
  urls: UrlPolicy,
): { attributes: string; id: string } {
  let attributes = '';
  let id = '';
  let rel: string | undefined;
  let target = false;
  const math = MATH_TAGS.has(tag);
  for (const name in attribs) {
    let value: string | undefined = attribs[name] ?? '';
    if (!(math ? mathAttributeAllowed(name, value) : attributeAllowed(tag, name))) continue;
    value =
      name === 'srcset'
        ? cleanSrcset(value, (url) => urls.check(tag, name, url))
        : urls.check(tag, name, value);
    if (value === undefined || (name === 'srcset' && !value)) continue;
    if (tag === 'input' && !inputAllowed(name, value)) continue;
    switch (name) {
      case 'id':
      case 'name':
        if (!value) continue;
        value = prefixId(value);
        if (name === 'id') {
          id = value;
          if (HEADING.test(tag)) continue;
        }
        break;
      case 'class':
        value = filterClasses(tag, value, classes);
        if (!value) continue;
        break;
      case 'href':
        value = prefixFragmentLink(value);
        break;
      case 'rel':
        rel = value;
        continue;
      case 'target':
        target = true;
        break;
      case 'aria-hidden':
        if (!ARIA_BOOLEAN.test(value)) continue;
        break;
      default:
        if (ID_REFERENCES.has(name)) value = prefixIdList(value);
    }
    attributes += ` ${name}="${escapeAttribute(value)}"`;
  }
  if (tag === 'input')
    attributes = ` type="checkbox" disabled${attributes.replace(/ (type|disabled)="[^"]*"/g, '')}`;
  if (target) {
    // Whatever the target, the opened page must not get a handle on this one (reverse
    // tabnabbing: it could navigate the article's tab) nor learn its address.
    const tokens = new Set((rel ?? '').toLowerCase().split(/\s+/).filter(Boolean));
    tokens.add('noopener');
    tokens.add('noreferrer');
    rel = [...tokens].join(' ');
  }
  if (rel !== undefined) attributes += ` rel="${escapeAttribute(rel)}"`;
  return { attributes, id };
}

/** `<input>` only as a task-list checkbox. */
function inputAllowed(name: string, value: string): boolean {
  return name !== 'type' || value.toLowerCase() === 'checkbox';
}

/**
 * Every id and name from an article gets this prefix, as GitHub does for READMEs: article HTML
 * shares the page with the site, and an unprefixed `id`/`name` can collide with the layout's
 * ids (`main`, a skip-link target) or clobber globals and `document` properties that the site's
 * scripts read (`<img name="getElementById">`). Links inside the article (`href="#x"`, heading
 * slugs, footnotes, `aria-describedby`) are rewritten to match.
 */
export const ID_PREFIX = 'user-content-';

/** The id as written to the page; already prefixed ids stay as they are (re-sanitising is a no-op). */
export function prefixId(id: string): string {
  return id.startsWith(ID_PREFIX) ? id : ID_PREFIX + id;
}

/** A space-separated list of ids (`aria-describedby`, `headers`), each prefixed. */
export function prefixIdList(value: string): string {
  return value.split(/\s+/).filter(Boolean).map(prefixId).join(' ');
}

/** `#x` points into the article: to its prefixed id. Other URLs are left alone. */
export function prefixFragmentLink(href: string): string {
  const url = href.trim();
  return url.length > 1 && url.startsWith('#') ? `#${prefixId(url.slice(1))}` : href;
}
