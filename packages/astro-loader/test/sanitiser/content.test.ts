import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { prefixFragmentLink, prefixId, prefixIdList } from '../../src/body/sanitise/attributes.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';
import { contentCorpus } from './content-corpus.js';

interface Node {
  name?: string;
  data?: string;
  type: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

/** Elements in document order (tag and attributes) and the text, as a parser reads them. */
function outline(html: string) {
  const elements: { tag: string; attributes: Record<string, string> }[] = [];
  let text = '';
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.type === 'text') text += node.data;
      if (node.name && node.attribs) elements.push({ tag: node.name, attributes: node.attribs });
      walk(node.children ?? []);
    }
  };
  walk(parseDocument(html, { decodeEntities: true }).children as Node[]);
  return { elements, text };
}

/** What the sanitiser documents doing to ordinary content: ids prefixed, and nothing else. */
function expected(tag: string, attributes: Record<string, string>): Record<string, string> {
  const out = { ...attributes };
  for (const name of ['id', 'name']) if (out[name]) out[name] = prefixId(out[name]);
  for (const name of ['aria-describedby', 'headers'])
    if (out[name]) out[name] = prefixIdList(out[name]);
  if (out.href) out.href = prefixFragmentLink(out.href);
  if (tag === 'input') out.disabled = '';
  // Images load lazily and decode off the main thread unless the CMS chose otherwise.
  if (tag === 'img') {
    out.loading ??= 'lazy';
    out.decoding ??= 'async';
  }
  return out;
}

describe('ordinary article content survives sanitising', () => {
  it.each(Object.entries(contentCorpus))('%s: same elements, attributes and text', (_, body) => {
    const before = outline(body);
    const after = outline(renderArticleHtml(body).html);
    expect(after.text).toBe(before.text);
    expect(after.elements.map((e) => e.tag)).toEqual(before.elements.map((e) => e.tag));
    after.elements.forEach((element, i) => {
      const original = before.elements[i];
      if (!original) return;
      const want = expected(original.tag, original.attributes);
      // Added: a heading's id (when it had none) and rel on links that open a window.
      if (/^h[1-6]$/.test(element.tag) && !want.id) want.id = element.attributes.id ?? '';
      if (want.target) want.rel = 'noopener noreferrer';
      expect(element.attributes, `${element.tag} #${i}`).toEqual(want);
    });
  });

  it('gives headings of the corpus ids that its #links reach', () => {
    const { html, headings } = renderArticleHtml(contentCorpus.technical ?? '');
    expect(headings.map((h) => h.slug)).toEqual([
      'user-content-install',
      'user-content-configure',
      'user-content-environment',
      'user-content-on-ci',
      'user-content-environment-1',
    ]);
    expect(html).toContain('<a href="#user-content-configure">Configure</a>');
    expect(html).toContain('<a href="/docs/other-page#options">');
  });
});
