import { codeFence } from './code-blocks.js';
import { type HighlightBlock, type Highlighter, highlighterCore } from './core.js';
import { blockKey } from './remembered-blocks.js';
import { type ShikiConfig, siteShiki } from './site-shiki.js';

/** The site's Markdown renderer (`LoaderContext.renderMarkdown`). */
export type RenderMarkdown = (markdown: string) => Promise<{ html: string }>;

/** The site's Markdown settings that highlighting follows (`config.markdown`). */
export interface MarkdownSettings {
  syntaxHighlight?: unknown;
  shikiConfig?: unknown;
}

/** Blocks remembered per sync: a few thousand, as many articles repeat a snippet. */
const REMEMBERED = 20_000;

/**
 * The build's highlighter: the site's code blocks as its Markdown highlights them. With Shiki
 * (Astro's default), through the site's Shiki set up as Astro sets it up (site-shiki.ts); with
 * Prism, or where Shiki cannot be imported, each block becomes the code fence it would be in a
 * Markdown file and is rendered by the site's own Markdown pipeline. Either way the output is
 * byte for byte what a local Markdown entry gets. Each block is rendered once per (language,
 * code) in a sync, and not at all when the body's entry of the last sync holds it
 * (remembered-blocks.ts; `described` names the highlighting in its key). The rest (exclusions,
 * order, the policy, warnings) is the highlighter core's (core.ts).
 */
export function createHighlighter(
  settings: HighlightSettings,
  renderMarkdown: RenderMarkdown,
  warn: (message: string) => void,
): Highlighter {
  const { type, excludeLangs, shikiConfig, described } = settings;
  const throughMarkdown: HighlightBlock = async (code, language) =>
    (await renderMarkdown(codeFence(code, language))).html.trim();
  // Made when the first block is met: a sync of articles without code never loads Shiki.
  let engine: Promise<HighlightBlock> | undefined;
  return highlighterCore({
    async block(code, language) {
      engine ??=
        type === 'shiki'
          ? siteShiki(shikiConfig).then((s) => s ?? throughMarkdown)
          : Promise.resolve(throughMarkdown);
      return (await engine)(code, language);
    },
    excludeLangs,
    warn,
    keyOf: (language, code) => blockKey(described, language, code),
    remember: REMEMBERED,
  });
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
