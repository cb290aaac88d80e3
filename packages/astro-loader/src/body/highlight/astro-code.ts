import type { ShikiTransformer } from 'shiki/core';

/**
 * The `<pre>` as Astro's Markdown writes it: `astro-code` for Shiki's class, the language named,
 * and the overflow (and wrapping) styles of `shikiConfig.wrap`; in a diff, a line's `+`/`-` set
 * apart in a span readers do not select.
 */
export function astroCode(
  language: string,
  wrap: boolean | null | undefined,
  resolved = language,
): ShikiTransformer {
  return {
    pre(node) {
      const className = node.properties.class;
      node.properties.class = String(
        Array.isArray(className) ? className.join(' ') : (className ?? ''),
      ).replace(/shiki/g, 'astro-code');
      node.properties.dataLanguage = language;
      const style = String(node.properties.style ?? '');
      if (wrap === true)
        node.properties.style = `${style}; overflow-x: auto; white-space: pre-wrap; word-wrap: break-word;`;
      else if (wrap !== null) node.properties.style = `${style}; overflow-x: auto;`;
    },
    line(node) {
      if (resolved !== 'diff') return;
      const first = node.children[0];
      const text = first?.type === 'element' ? first.children[0] : undefined;
      const sign = text?.type === 'text' ? text.value[0] : undefined;
      if (first?.type !== 'element' || text?.type !== 'text') return;
      if (sign !== '+' && sign !== '-') return;
      text.value = text.value.slice(1);
      first.children.unshift({
        type: 'element',
        tagName: 'span',
        properties: { style: 'user-select: none;' },
        children: [{ type: 'text', value: sign }],
      });
    },
  };
}
