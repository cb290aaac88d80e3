import { Parser } from 'htmlparser2';

/**
 * What a highlighter may write, checked before its output replaces a code block: `pre`, `code`
 * and `span` (Shiki, Prism; `div` and `br` for line transformers) with classes, the styles
 * it computes (colours, no URLs, nothing that loads), `tabindex` and `data-*` for languages
 * and lines. The code itself reaches it as text from the sanitised body and comes back
 * escaped; this is the same policy held to the other side of the highlighter.
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

/** What the highlighter wrote for a block, if this policy lets it replace the block. */
export function usableBlock(
  out: string,
  language: string | undefined,
  where: string,
  warn: (message: string) => void,
): string | undefined {
  const problem = out.startsWith('<pre') ? highlighterProblem(out) : 'no <pre>';
  if (!problem) return out;
  warn(
    `${where}: its highlighted ${language ?? 'plain'} code block was not used (the highlighter wrote ${problem}); it is shown as sanitised`,
  );
  return undefined;
}
