import type { Root } from 'hast';
import {
  createHighlighterCore,
  type HighlighterCore,
  isSpecialLang,
  type LanguageInput,
  type ShikiTransformer,
  type ThemeInput,
} from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { astroCode } from './astro-code.js';
import { codeBlocks, withBlocks } from './code-blocks.js';
import { usableBlock } from './highlighter-policy.js';
import type { LiveHighlighter } from './live-highlight.js';

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
  langAlias?: Record<string, string>;
  /** As `shikiConfig.wrap`: `true` wraps lines, `false` (default) scrolls, `null` neither. */
  wrap?: boolean | null;
  defaultColor?: string | false;
  transformers?: ShikiTransformer[];
  /** As `markdown.syntaxHighlight.excludeLangs`: left as they are (`math` always is). */
  excludeLangs?: string[];
  /**
   * Longest time (ms) one line may take to tokenize; past it, the rest of the line is plain
   * (Shiki's `tokenizeTimeLimit`). Default 2000; `0`: no limit.
   */
  tokenizeTimeLimit?: number;
}

const ALWAYS_EXCLUDED = ['math'];
/**
 * Per line. Shiki's own 500 ms is met by a grammar's first line on a busy server (the JavaScript
 * engine compiles its rules as they are first tried), and a line cut short stays in the kept
 * entry: more room, and each grammar warmed up as it loads.
 */
const TOKENIZE_TIME_LIMIT = 2000;

/**
 * Highlights live articles' code blocks as the site's Markdown does at build time, with Shiki's
 * JavaScript regex engine (no WebAssembly: it runs on Workers, Vercel and Netlify as on Node) and
 * only the grammars and themes given. Pass it to `articlesLiveLoader({ highlight })`; the loader
 * highlights each article once per version, after sanitising, and what Shiki writes is held to
 * the highlighter policy like build-time output.
 */
export function liveHighlighter(options: LiveHighlightOptions): LiveHighlighter {
  const themes = options.themes ?? (options.theme ? { '': options.theme } : undefined);
  if (!themes || Object.keys(themes).length === 0)
    throw new Error(
      'liveHighlighter(): give `theme` or `themes` (e.g. import githubDark from "shiki/themes/github-dark.mjs"), as in your markdown.shikiConfig.',
    );
  let highlighter: HighlighterCore | undefined;
  let loading: Promise<void> | undefined;
  const excluded = new Set([...ALWAYS_EXCLUDED, ...(options.excludeLangs ?? [])]);

  const highlight = (code: string, language: string | undefined): Root => {
    if (!highlighter) throw new Error('not loaded');
    const named = language ?? 'plaintext';
    const resolved = options.langAlias?.[named] ?? named;
    const known = isSpecialLang(resolved) || highlighter.getLoadedLanguages().includes(resolved);
    const lang = known ? resolved : 'plaintext';
    const names = Object.fromEntries(
      Object.entries(themes).map(([key, theme]) => [key, themeName(theme)]),
    );
    const tree = highlighter.codeToHast(code.replace(/(?:\r\n|\r|\n)$/, ''), {
      lang,
      ...(options.themes ? { themes: names } : { theme: names[''] ?? '' }),
      ...(options.defaultColor !== undefined ? { defaultColor: options.defaultColor } : {}),
      tokenizeTimeLimit: options.tokenizeTimeLimit ?? TOKENIZE_TIME_LIMIT,
      transformers: [
        astroCode(known ? named : 'plaintext', options.wrap, known ? resolved : 'plaintext'),
        ...(options.transformers ?? []),
      ],
    });
    return tree;
  };

  return {
    load() {
      loading ??= createHighlighterCore({
        themes: Object.values(themes),
        langs: options.langs,
        engine: createJavaScriptRegexEngine(),
      }).then((loaded) => {
        // A first line in each language compiles the grammar's top rules now, not on a request.
        for (const lang of loaded.getLoadedLanguages())
          loaded.codeToTokensBase('x = 1 // x', { lang, tokenizeTimeLimit: 0 });
        highlighter = loaded;
      });
      return loading;
    },
    body(html, where, warn) {
      const blocks = codeBlocks(html).filter((b) => !excluded.has(b.language ?? 'plaintext'));
      if (blocks.length === 0 || !highlighter) return html;
      const highlighted = blocks.map((block) => {
        try {
          return usableBlock(highlight(block.code, block.language), block.language, where, warn);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          warn(
            `${where}: its ${block.language ?? 'plain'} code block could not be highlighted (${reason}); it is shown as sanitised`,
          );
          return undefined;
        }
      });
      return withBlocks(html, blocks, highlighted);
    },
  };
}

function themeName(theme: ThemeInput): string {
  return typeof theme === 'object' && theme && 'name' in theme ? String(theme.name) : '';
}
