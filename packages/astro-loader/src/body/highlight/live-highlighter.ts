import {
  createHighlighterCore,
  isSpecialLang,
  type LanguageInput,
  type ShikiTransformer,
  type ThemeInput,
} from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { type Highlighter, highlighterCore } from './core.js';
import type { LiveHighlighter } from './live-highlight.js';
import { LIVE_LINE_LIMIT, shikiBlocks, warmUp } from './shiki-blocks.js';

/**
 * Your site's `markdown.shikiConfig`, for on-demand pages: the grammars and themes are the
 * modules themselves (`import typescript from 'shiki/langs/typescript.mjs'`), so that the
 * server bundle holds only those.
 */
export interface LiveHighlightOptions {
  /** The languages to highlight; a block in any other is plain text, as an unknown one is. */
  langs: LanguageInput[];
  /** One theme (default: none, so give `theme` or `themes`), as `shikiConfig.theme`. */
  theme?: ThemeInput;
  /** Several themes by name (`{ light, dark }`), as `shikiConfig.themes`. */
  themes?: Record<string, ThemeInput>;
  /** Names that stand for a loaded language (`{ sh: 'bash' }`), as `shikiConfig.langAlias`. */
  langAlias?: Record<string, string>;
  /** As `shikiConfig.wrap`: `true` wraps lines, `false` (default) scrolls, `null` neither. */
  wrap?: boolean | null;
  /**
   * With `themes`: the one whose colours are written inline (the others as `--shiki-<name>`
   * CSS variables), or `false` for variables only; as `shikiConfig.defaultColor`.
   */
  defaultColor?: string | false;
  /** Shiki transformers run on each block after the loader's own, as `shikiConfig.transformers`. */
  transformers?: ShikiTransformer[];
  /** As `markdown.syntaxHighlight.excludeLangs`: left as they are (`math` always is). */
  excludeLangs?: string[];
  /**
   * Longest time (ms) one line may take to tokenize; past it, the rest of the line is plain
   * (Shiki's `tokenizeTimeLimit`). Default 2000; `0`: no limit.
   */
  tokenizeTimeLimit?: number;
}

/**
 * Highlights live articles' code blocks as the site's Markdown does at build time, with Shiki's
 * JavaScript regex engine (no WebAssembly: it runs on Workers, Vercel and Netlify as on Node) and
 * only the grammars and themes given. Pass it to `articlesLiveLoader({ highlight })`: the loader
 * highlights each article once per version, after sanitising, through the same highlighter core
 * as build time (exclusions, the highlighter policy, warnings), and the same block writer.
 */
export function liveHighlighter(options: LiveHighlightOptions): LiveHighlighter {
  const themes = options.themes ?? (options.theme ? { '': options.theme } : undefined);
  if (!themes || Object.keys(themes).length === 0)
    throw new Error(
      'liveHighlighter(): give `theme` or `themes` (e.g. import githubDark from "shiki/themes/github-dark.mjs"), as in your markdown.shikiConfig.',
    );
  const names = Object.fromEntries(
    Object.entries(themes).map(([key, theme]) => [key, themeName(theme)]),
  );
  let loading: Promise<Highlighter> | undefined;
  return {
    load(warn) {
      loading ??= createHighlighterCore({
        themes: Object.values(themes),
        langs: options.langs,
        engine: createJavaScriptRegexEngine(),
      }).then((highlighter) => {
        // Each grammar's top rules compiled now, not on a request.
        for (const lang of highlighter.getLoadedLanguages()) warmUp(highlighter, lang);
        const block = shikiBlocks(highlighter, {
          themes: options.themes ? { themes: names } : { theme: names[''] ?? '' },
          defaultColor: options.defaultColor,
          langAlias: options.langAlias,
          wrap: options.wrap,
          transformers: options.transformers,
          tokenizeTimeLimit: options.tokenizeTimeLimit ?? LIVE_LINE_LIMIT,
          isSpecialLang,
        });
        return highlighterCore({ block, excludeLangs: options.excludeLangs, warn });
      });
      return loading;
    },
  };
}

function themeName(theme: ThemeInput): string {
  return typeof theme === 'object' && theme && 'name' in theme ? String(theme.name) : '';
}
