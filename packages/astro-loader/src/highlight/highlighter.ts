import { BoundedMap } from '../shared/bounded-map.js';
import { codeBlocks, codeFence, withBlocks } from './code-blocks.js';
import { usableBlock } from './highlighter-policy.js';

/** The site's Markdown renderer (`LoaderContext.renderMarkdown`). */
export type RenderMarkdown = (markdown: string) => Promise<{ html: string }>;

/** Blocks remembered per sync: a few thousand, as many articles repeat a snippet. */
const REMEMBERED = 20_000;

/**
 * Highlights a sanitised body's code blocks as the site's Markdown does: each block becomes the
 * code fence it would be in a Markdown file, rendered by the site's own Markdown pipeline
 * (Shiki or Prism, its themes, languages, aliases, transformers, `excludeLangs`), so the output
 * is byte for byte what a local Markdown entry gets. Each block is rendered once per
 * (language, code) in a sync. What the highlighter writes must pass highlighter-policy.ts, else
 * the block stays as sanitised (and `warn` says so).
 */
export function createHighlighter(render: RenderMarkdown, warn: (message: string) => void) {
  const done = new BoundedMap<string, Promise<string | undefined>>(REMEMBERED);
  // One block at a time, in body order, as a Markdown file's blocks are: the site's highlighter
  // loads languages as it meets them, and a loaded grammar can inject into another's (Shiki's
  // Markdown grammar brings CSS injections), so concurrent blocks could colour differently from
  // one run to the next.
  let queue: Promise<unknown> = Promise.resolve();
  const renderInTurn = (markdown: string) => {
    const rendered = queue.then(() => render(markdown));
    queue = rendered.catch(() => {});
    return rendered;
  };

  const highlight = (code: string, language: string | undefined, where: string) => {
    const key = `${language ?? ''}\0${code}`;
    let html = done.get(key);
    if (!html) {
      html = renderInTurn(codeFence(code, language)).then(
        ({ html }) => usableBlock(html.trim(), language, where, warn),
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          warn(
            `${where}: its ${language ?? 'plain'} code block could not be highlighted (${reason}); it is shown as sanitised`,
          );
          return undefined;
        },
      );
      done.set(key, html);
    }
    return html;
  };

  return {
    /** The body with its code blocks highlighted; `where` names it in warnings. */
    async body(html: string, where: string): Promise<string> {
      const blocks = codeBlocks(html);
      if (blocks.length === 0) return html;
      const highlighted = await Promise.all(
        blocks.map((b) => highlight(b.code, b.language, where)),
      );
      return withBlocks(html, blocks, highlighted);
    },
  };
}

/**
 * The site's highlighting settings as part of the sync's options: a change re-renders the
 * bodies. Transformers are functions: their source stands for them.
 */
export function describeHighlighting(markdown: {
  syntaxHighlight?: unknown;
  shikiConfig?: unknown;
}): string {
  try {
    return JSON.stringify([markdown.syntaxHighlight, markdown.shikiConfig], (_, value) =>
      typeof value === 'function' ? String(value) : value,
    );
  } catch {
    return String(markdown.syntaxHighlight);
  }
}
