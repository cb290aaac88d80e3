import type { Root } from 'hast';
import { BoundedMap } from '../../shared/bounded-map.js';
import { codeBlocks, withBlocksMoved } from './code-blocks.js';
import { usableBlock } from './highlighter-policy.js';

/**
 * One code block highlighted by an engine (the site's Shiki or Markdown at build time,
 * `liveHighlighter()` at request time): its HTML, or the tree Shiki made. Either is held to
 * highlighter-policy.ts before it replaces the block.
 */
export type HighlightBlock = (
  code: string,
  language: string | undefined,
) => Promise<string | Root> | string | Root;

/** A block as highlighted for one body: its key, its HTML, and whether it was remembered. */
export interface MadeBlock {
  key: string;
  html: string;
  remembered?: boolean;
}

/** A body with its code blocks highlighted. */
export interface Highlighted {
  html: string;
  /** Where an offset of the body outside its blocks (an image's) now stands. */
  moved: (offset: number) => number;
  /** The blocks written, in body order. */
  blocks: MadeBlock[];
}

/** What the pipeline's highlight step calls, on every path. */
export interface Highlighter {
  /**
   * The body with its code blocks highlighted; `where` names it in warnings, `remembered` holds
   * its last entry's blocks by key (build time), used as they are.
   */
  moved(
    html: string,
    where: string,
    remembered?: ReadonlyMap<string, string>,
  ): Promise<Highlighted>;
  /** The body with its code blocks highlighted. */
  body(html: string, where: string): Promise<string>;
}

export interface HighlighterCoreOptions {
  /** Writes one block. */
  block: HighlightBlock;
  /** Languages left as they are (`markdown.syntaxHighlight.excludeLangs`); `math` always is. */
  excludeLangs?: readonly string[];
  warn: (message: string) => void;
  /**
   * The key of a block (the settings, language and code), for blocks remembered across syncs.
   * Default: language and code.
   */
  keyOf?: (language: string | undefined, code: string) => string;
  /** Blocks kept by key, so that a snippet many bodies repeat is written once. Default: none. */
  remember?: number;
}

/** Languages Astro's Markdown never highlights, whatever the site says. */
const ALWAYS_EXCLUDED = ['math'];

/**
 * The one highlighter of article bodies, whatever writes the blocks: finds the sanitised body's
 * code blocks (code-blocks.ts), skips excluded languages, writes each block through the engine
 * one at a time in body order (a grammar loaded for one block can inject into another's, so
 * concurrent blocks could colour differently from one run to the next), holds what it wrote to
 * the highlighter policy, and leaves a block that failed either way as sanitised, with a warning.
 */
export function highlighterCore(options: HighlighterCoreOptions): Highlighter {
  const excluded = new Set([...ALWAYS_EXCLUDED, ...(options.excludeLangs ?? [])]);
  const { warn, keyOf = (language, code) => `${language ?? ''}\0${code}` } = options;
  const done = options.remember
    ? new BoundedMap<string, Promise<string | undefined>>(options.remember)
    : undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = (code: string, language: string | undefined) => {
    const written = queue.then(() => options.block(code, language));
    queue = written.catch(() => {});
    return written;
  };

  const write = (code: string, language: string | undefined, where: string) =>
    inTurn(code, language).then(
      (out) => usableBlock(out, language, where, warn),
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        warn(
          `${where}: its ${language ?? 'plain'} code block could not be highlighted (${reason}); it is shown as sanitised`,
        );
        return undefined;
      },
    );

  const highlight = (key: string, code: string, language: string | undefined, where: string) => {
    let html = done?.get(key);
    if (!html) {
      html = write(code, language, where);
      done?.set(key, html);
    }
    return html;
  };

  const moved: Highlighter['moved'] = async (html, where, remembered) => {
    const blocks = codeBlocks(html).filter((b) => !excluded.has(b.language ?? 'plaintext'));
    if (blocks.length === 0) return { html, moved: (offset) => offset, blocks: [] };
    const made = await Promise.all(
      blocks.map(async ({ code, language }): Promise<MadeBlock | undefined> => {
        const key = keyOf(language, code);
        const kept = remembered?.get(key);
        if (kept !== undefined) return { key, html: kept, remembered: true };
        const written = await highlight(key, code, language, where);
        return written === undefined ? undefined : { key, html: written };
      }),
    );
    const body = withBlocksMoved(
      html,
      blocks,
      made.map((block) => block?.html),
    );
    return { ...body, blocks: made.filter((block) => block !== undefined) };
  };

  return { moved, body: async (html, where) => (await moved(html, where)).html };
}
