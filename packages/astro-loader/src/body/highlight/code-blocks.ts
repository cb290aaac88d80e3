import { Parser } from 'htmlparser2';

/** A code block of sanitised HTML: where it stands, its language (if named) and its text. */
export interface CodeBlock {
  start: number;
  end: number;
  language: string | undefined;
  code: string;
}

/**
 * The code blocks of a sanitised body, as its Markdown would have them: a `pre` (not inside
 * another) whose content is one `code`, holding text and token spans (`<br>` read as a line
 * break). A `pre` with other markup (links, emphasis) is not code a highlighter could redo, and
 * stays as it is. Read from the sanitiser's output, so the forms are its own (code-language.ts).
 */
export function codeBlocks(html: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  // Most bodies have no code: they are not parsed again.
  if (!html.includes('<pre')) return blocks;
  let depth = 0;
  let pre: { start: number; depth: number; code: number; plain: boolean; text: string } | undefined;
  let language: string | undefined;
  const parser = new Parser(
    {
      onopentag(tag, attribs) {
        depth++;
        if (!pre) {
          if (tag === 'pre')
            pre = { start: parser.startIndex, depth, code: 0, plain: true, text: '' };
          return;
        }
        if (tag === 'pre') pre.plain = false;
        else if (tag === 'code' && depth === pre.depth + 1) {
          pre.code++;
          language = /(?:^|\s)language-(\S+)/.exec(attribs.class ?? '')?.[1];
        } else if (tag === 'br') pre.text += '\n';
        else if (tag !== 'span' || depth === pre.depth + 1) pre.plain = false;
      },
      ontext(text) {
        if (!pre) return;
        // Text beside the code, not in it: not a Markdown code block.
        if (depth === pre.depth && /\S/.test(text)) pre.plain = false;
        if (depth > pre.depth) pre.text += text;
      },
      onclosetag(tag) {
        if (pre && tag === 'pre' && depth === pre.depth) {
          if (pre.plain && pre.code === 1)
            blocks.push({ start: pre.start, end: parser.endIndex + 1, language, code: pre.text });
          pre = undefined;
          language = undefined;
        }
        depth--;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return blocks;
}

/**
 * A Markdown code fence holding `code` exactly: a fence longer than any run of backticks in it,
 * the language as the info string. One trailing line break is the block's own end, as in a
 * Markdown file.
 */
export function codeFence(code: string, language: string | undefined): string {
  let longest = 2;
  for (const run of code.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language ?? ''}\n${code.replace(/\n$/, '')}\n${fence}\n`;
}

/**
 * The body with each block replaced by its highlighted HTML (a block without stays as it is), and
 * where an offset of the body outside its blocks (an image's) is in the result.
 */
export function withBlocksMoved(
  html: string,
  blocks: readonly CodeBlock[],
  highlighted: readonly (string | undefined)[],
): { html: string; moved: (offset: number) => number } {
  let out = '';
  let at = 0;
  const shifts: { from: number; by: number }[] = [];
  blocks.forEach((block, i) => {
    const written = highlighted[i] ?? html.slice(block.start, block.end);
    out += html.slice(at, block.start) + written;
    shifts.push({ from: block.end, by: written.length - (block.end - block.start) });
    at = block.end;
  });
  const moved = (offset: number) =>
    shifts.reduce((to, shift) => (offset >= shift.from ? to + shift.by : to), offset);
  return { html: out + html.slice(at), moved };
}
