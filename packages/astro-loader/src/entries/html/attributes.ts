import { escapeAttribute } from './escape.js';
import { attributeAllowed } from './policy.js';
import { urlAllowed } from './urls.js';

export const HEADING = /^h([1-6])$/;

/** The allowed attributes, escaped and quoted (the id apart, for headings). */
export function writeAttributes(
  tag: string,
  attribs: Record<string, string>,
): { attributes: string; id: string } {
  let attributes = '';
  let id = '';
  let rel: string | undefined;
  let blank = false;
  for (const name in attribs) {
    const value = attribs[name] ?? '';
    if (!attributeAllowed(tag, name)) continue;
    if (!urlAllowed(tag, name, value)) continue;
    if (tag === 'input' && !inputAllowed(name, value)) continue;
    if (name === 'id') {
      id = value;
      if (HEADING.test(tag)) continue;
    }
    if (name === 'rel') {
      rel = value;
      continue;
    }
    if (name === 'target' && value.trim().toLowerCase() === '_blank') blank = true;
    attributes += ` ${name}="${escapeAttribute(value)}"`;
  }
  if (tag === 'input')
    attributes = ` type="checkbox" disabled${attributes.replace(/ (type|disabled)="[^"]*"/g, '')}`;
  if (blank) {
    // A new tab must not get a handle on this page (reverse tabnabbing) nor its address.
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
