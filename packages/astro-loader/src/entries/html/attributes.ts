import { type ClassFilter, filterClasses } from './classes.js';
import { escapeAttribute } from './escape.js';
import { prefixFragmentLink, prefixId, prefixIdList } from './ids.js';
import { attributeAllowed, ID_REFERENCES } from './policy.js';
import { urlAllowed } from './urls.js';

export const HEADING = /^h([1-6])$/;

/**
 * The allowed attributes, escaped and quoted; the id (prefixed) is returned apart and, for
 * headings, not written: the heading's id is settled once the whole body is read.
 */
export function writeAttributes(
  tag: string,
  attribs: Record<string, string>,
  classes: ClassFilter,
): { attributes: string; id: string } {
  let attributes = '';
  let id = '';
  let rel: string | undefined;
  let target = false;
  for (const name in attribs) {
    let value = attribs[name] ?? '';
    if (!attributeAllowed(tag, name)) continue;
    if (!urlAllowed(tag, name, value)) continue;
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
