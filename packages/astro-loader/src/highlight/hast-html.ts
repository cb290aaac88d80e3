import type { Element, Root, RootContent } from 'hast';

/**
 * A highlighter's tree as HTML, escaped as Astro's Markdown writes its code blocks (`&lt;`,
 * `&gt;`, `&amp;` in text; `&amp;` and `&quot;` in attributes), so that a live block's bytes are
 * a build-time block's. Shiki's own serialiser writes `&#x3C;` and leaves `>`: the same page,
 * other bytes.
 */
export function hastHtml(node: Root | RootContent): string {
  if (node.type === 'root') return node.children.map(hastHtml).join('');
  if (node.type === 'text') return node.value.replace(/[&<>]/g, (c) => TEXT[c] ?? c);
  if (node.type !== 'element') return '';
  return `<${node.tagName}${attributes(node)}>${node.children.map(hastHtml).join('')}</${node.tagName}>`;
}

const TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

function attributes(node: Element): string {
  let out = '';
  for (const [property, value] of Object.entries(node.properties)) {
    if (value === undefined || value === null || value === false) continue;
    const name = attributeName(property);
    if (value === true) {
      out += ` ${name}`;
      continue;
    }
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    out += ` ${name}="${text.replace(/[&"]/g, (c) => (c === '&' ? '&amp;' : '&quot;'))}"`;
  }
  return out;
}

/** hast's property names as HTML's: `className` is `class`, `dataLine` is `data-line`. */
function attributeName(property: string): string {
  if (property === 'className') return 'class';
  if (/^data[A-Z]/.test(property))
    return `data-${property
      .slice(4)
      .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
      .slice(1)}`;
  return property.toLowerCase();
}
