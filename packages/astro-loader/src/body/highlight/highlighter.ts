import { blockKey, type MadeBlock } from '../../build/remembered-blocks.js';
import { BoundedMap } from '../../shared/bounded-map.js';
import { codeBlocks, codeFence, withBlocksMoved } from './code-blocks.js';
import { usableBlock } from './highlighter-policy.js';
import { type HighlightBlock, type ShikiConfig, siteShiki } from './site-shiki.js';

/** The site's Markdown renderer (`LoaderContext.renderMarkdown`). */
export type RenderMarkdown = (markdown: string) => Promise<{ html: string }>;

/** The site's Markdown settings that highlighting follows (`config.markdown`). */
export interface MarkdownSettings {
  syntaxHighlight?: unknown;
  shikiConfig?: unknown;
}

/** Blocks remembered per sync: a few thousand, as many articles repeat a snippet. */
const REMEMBERED = 20_000;

/** Languages Astro's Markdown never highlights, whatever the site says. */
const ALWAYS_EXCLUDED = ['math'];

/**
 * Highlights a sanitised body's code blocks as the site's Markdown does. With Shiki (Astro's
 * default), through the site's Shiki set up as Astro sets it up (site-shiki.ts); with Prism, or
 * where Shiki cannot be imported, each block becomes the code fence it would be in a Markdown
 * file and is rendered by the site's own Markdown pipeline. Either way the output is byte for
 * byte what a local Markdown entry gets; `excludeLangs` (and `math`) stay as they are. Each
 * block is rendered once per (language, code) in a sync, and not at all when the body's entry of
 * the last sync holds it (remembered-blocks.ts; `described` names the highlighting in its key).
 * What the highlighter writes must pass highlighter-policy.ts, else the block stays as
 * sanitised (and `warn` says so).
 */
export function createHighlighter(
  settings: HighlightSettings,
  renderMarkdown: RenderMarkdown,
  warn: (message: string) => void,
) {
  const done = new BoundedMap<string, Promise<string | undefined>>(REMEMBERED);
  const { type, excludeLangs, shikiConfig, described } = settings;
  const excluded = new Set([...ALWAYS_EXCLUDED, ...excludeLangs]);
  const throughMarkdown: HighlightBlock = async (code, language) =>
    (await renderMarkdown(codeFence(code, language))).html.trim();
  // Made when the first block is met: a sync of articles without code never loads Shiki.
  let renderer: Promise<HighlightBlock> | undefined;
  const render: HighlightBlock = async (code, language) => {
    renderer ??=
      type === 'shiki'
        ? siteShiki(shikiConfig).then((s) => s ?? throughMarkdown)
        : Promise.resolve(throughMarkdown);
    return (await renderer)(code, language);
  };
  // One block at a time, in body order, as a Markdown file's blocks are: the site's highlighter
  // loads languages as it meets them, and a loaded grammar can inject into another's (Shiki's
  // Markdown grammar brings CSS injections), so concurrent blocks could colour differently from
  // one run to the next.
  let queue: Promise<unknown> = Promise.resolve();
  const renderInTurn = (code: string, language: string | undefined) => {
    const rendered = queue.then(() => render(code, language));
    queue = rendered.catch(() => {});
    return rendered;
  };

  const highlight = (key: string, code: string, language: string | undefined, where: string) => {
    let html = done.get(key);
    if (!html) {
      html = renderInTurn(code, language).then(
        (html) => usableBlock(html, language, where, warn),
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

  /**
   * The body with its code blocks highlighted, where its other offsets moved, and the blocks
   * written (`remembered`: those of the body's last entry, by key, used as they are).
   */
  const moved = async (html: string, where: string, remembered?: ReadonlyMap<string, string>) => {
    const blocks = codeBlocks(html).filter((b) => !excluded.has(b.language ?? 'plaintext'));
    if (blocks.length === 0) return { html, moved: (offset: number) => offset, blocks: [] };
    const made: (MadeBlock | undefined)[] = await Promise.all(
      blocks.map(async ({ code, language }) => {
        const key = blockKey(described, language, code);
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

  return {
    /** The body with its code blocks highlighted; `where` names it in warnings. */
    body: async (html: string, where: string): Promise<string> => (await moved(html, where)).html,
    moved,
  };
}

/**
 * The site's highlighting as the highlighters read it, from its Markdown settings: the
 * highlighter (`'shiki'` unless `markdown.syntaxHighlight` says), `excludeLangs`, Shiki's
 * settings and the whole described (the key of remembered blocks).
 */
export interface HighlightSettings {
  type: unknown;
  excludeLangs: string[];
  shikiConfig: ShikiConfig;
  described: string;
}

export function highlightSettings(markdown: MarkdownSettings): HighlightSettings {
  const settings = markdown.syntaxHighlight as string | { type?: string; excludeLangs?: string[] };
  const shikiConfig = (markdown.shikiConfig ?? {}) as ShikiConfig;
  const described = describeHighlighting(markdown);
  if (typeof settings !== 'object' || settings === null)
    return { type: settings, excludeLangs: [], shikiConfig, described };
  return {
    type: settings.type ?? 'shiki',
    excludeLangs: settings.excludeLangs ?? [],
    shikiConfig,
    described,
  };
}

/**
 * The site's highlighting as a worker thread can do it, or undefined: Shiki only (Prism renders
 * through the site's Markdown, on the main thread), without transformers (functions stay where
 * the config was loaded), and settings a thread can be sent (structured-cloneable).
 */
export function threadHighlighting(settings: HighlightSettings): HighlightSettings | undefined {
  if (settings.type !== 'shiki' || settings.shikiConfig.transformers?.length) return undefined;
  try {
    return structuredClone({
      ...settings,
      shikiConfig: { ...settings.shikiConfig, transformers: [] },
    });
  } catch {
    return undefined;
  }
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
