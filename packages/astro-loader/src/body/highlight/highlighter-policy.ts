import type { Root, RootContent } from 'hast';
import { Parser } from 'htmlparser2';
import { attributeName, hastHtml } from './hast-html.js';

/**
 * What a highlighter may write, checked before its output replaces a code block: `pre`, `code`
 * and `span` (Shiki, Prism; `div` and `br` for line transformers) with classes, the styles
 * it computes (colours, no URLs, nothing that loads), `tabindex` and `data-*` for languages
 * and lines. The code itself reaches it as text from the sanitised body and comes back
 * escaped; this is the same policy held to the other side of the highlighter. Shiki's output is
 * checked as the tree it makes, before it is written (hast-html.ts writes nothing else); other
 * highlighters' (Prism through the site's Markdown) as the HTML they wrote.
 */
const TAGS = new Set(['pre', 'code', 'span', 'div', 'br']);
const ATTRIBUTE = /^(?:class|style|tabindex|data-[a-z-]+|aria-hidden)$/;
const STYLE_DANGER = /url\s*\(|expression\s*\(|@import|javascript:|\\|[<>]/i;

/** Why the highlighter's output cannot be used, or undefined when it can. */
export function highlighterProblem(html: string): string | undefined {
  let problem: string | undefined;
  const parser = new Parser(
    {
      onopentag(tag, attribs) {
        if (problem) return;
        if (!TAGS.has(tag)) problem = `<${tag}>`;
        for (const [name, value] of Object.entries(attribs)) {
          if (!ATTRIBUTE.test(name)) problem ??= `${tag} ${name}`;
          if (name === 'style' && STYLE_DANGER.test(value)) problem ??= `${tag} style="${value}"`;
        }
      },
      oncomment() {
        problem ??= 'a comment';
      },
      onprocessinginstruction() {
        problem ??= 'a declaration';
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return problem;
}

/** Why a highlighter's tree cannot be used, or undefined when it can: as `highlighterProblem`. */
export function treeProblem(node: Root | RootContent): string | undefined {
  if (node.type === 'text') return undefined;
  if (node.type === 'element') {
    if (!TAGS.has(node.tagName)) return `<${node.tagName}>`;
    for (const [property, value] of Object.entries(node.properties)) {
      if (value === undefined || value === null || value === false) continue;
      const name = attributeName(property);
      if (!ATTRIBUTE.test(name)) return `${node.tagName} ${name}`;
      if (name === 'style' && STYLE_DANGER.test(String(value)))
        return `${node.tagName} style="${value}"`;
    }
  } else if (node.type !== 'root') return node.type === 'comment' ? 'a comment' : `a ${node.type}`;
  for (const child of node.children) {
    const problem = treeProblem(child);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * What the highlighter wrote for a block (HTML, or Shiki's tree), as HTML, if this policy lets
 * it replace the block.
 */
export function usableBlock(
  out: string | Root,
  language: string | undefined,
  where: string,
  warn: (message: string) => void,
): string | undefined {
  const problem =
    typeof out === 'string'
      ? out.startsWith('<pre')
        ? highlighterProblem(out)
        : 'no <pre>'
      : out.children.length === 1 &&
          out.children[0]?.type === 'element' &&
          out.children[0].tagName === 'pre'
        ? treeProblem(out)
        : 'no <pre>';
  if (!problem) return typeof out === 'string' ? out : hastHtml(out);
  warn(
    `${where}: its highlighted ${language ?? 'plain'} code block was not used (the highlighter wrote ${problem}); it is shown as sanitised`,
  );
  return undefined;
}
