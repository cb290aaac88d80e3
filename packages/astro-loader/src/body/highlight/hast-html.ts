import type { Element, Root, RootContent } from 'hast';
import { escapeCodeAttribute, escapeText } from '../../shared/html-escape.js';

/**
 * A highlighter's tree as HTML, escaped as Astro's Markdown writes its code blocks (`&lt;`,
 * `&gt;`, `&amp;` in text; `&amp;` and `&quot;` in attributes), so that a live block's bytes are
 * a build-time block's. Shiki's own serialiser writes `&#x3C;` and leaves `>`: the same page,
 * other bytes.
 */
export function hastHtml(node: Root | RootContent): string {
  if (node.type === 'root') {
    let out = '';
    for (const child of node.children) out += hastHtml(child);
    return out;
  }
  if (node.type === 'text') return escapeText(node.value);
  if (node.type !== 'element') return '';
  let out = `<${node.tagName}${attributes(node)}>`;
  for (const child of node.children) out += hastHtml(child);
  return `${out}</${node.tagName}>`;
}

function attributes(node: Element): string {
  let out = '';
  for (const property in node.properties) {
    const value = node.properties[property];
    if (value === undefined || value === null || value === false) continue;
    const name = attributeName(property);
    if (value === true) {
      out += ` ${name}`;
      continue;
    }
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    out += ` ${name}="${escapeCodeAttribute(text)}"`;
  }
  return out;
}

/** Names met before: a block's elements share a handful. */
const NAMES = new Map<string, string>();

/** hast's property names as HTML's: `className` is `class`, `dataLine` is `data-line`. */
export function attributeName(property: string): string {
  let name = NAMES.get(property);
  if (name === undefined) {
    name =
      property === 'className'
        ? 'class'
        : /^data[A-Z]/.test(property)
          ? `data-${property
              .slice(4)
              .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
              .slice(1)}`
          : property.toLowerCase();
    // Property names come from the highlighter and its transformers: a few, but bounded anyway.
    if (NAMES.size < 256) NAMES.set(property, name);
  }
  return name;
}
