import type { HighlighterCore, ShikiTransformer } from 'shiki/core';
import { astroCode } from './astro-code.js';
import type { HighlightBlock } from './core.js';

/**
 * Most ms one line may take to tokenize before the rest of it is left plain (Shiki's own is 500,
 * which Astro's Markdown keeps). At build time a machine shared with other work (CI, a loaded
 * laptop) can take that long on a line that compiles a grammar's expressions, which would make a
 * block differ from Markdown's; still bounded, so a pathological line cannot stall the build.
 */
export const BUILD_LINE_LIMIT = 5000;
/** The same at request time: a page waits on it, so less room, still past a first slow line. */
export const LIVE_LINE_LIMIT = 2000;

/** How the blocks are written: Shiki's options that `markdown.shikiConfig` sets. */
export interface ShikiBlockOptions {
  /** `{ theme }` or `{ themes }`, as Shiki's `codeToHast` takes them. */
  themes: { theme: unknown } | { themes: Record<string, unknown> };
  defaultColor?: unknown;
  langAlias?: Record<string, string> | undefined;
  wrap?: boolean | null | undefined;
  transformers?: readonly ShikiTransformer[] | undefined;
  tokenizeTimeLimit: number;
  /** Loads a grammar the highlighter lacks, if it can (true when it did). Default: it cannot. */
  loadLanguage?: (lang: string) => Promise<boolean>;
  /** Shiki's `isSpecialLang` (`plaintext`, `ansi` …), from whichever Shiki module is loaded. */
  isSpecialLang: (lang: string) => boolean;
}

/**
 * A first line in a language compiles its grammar's top rules, outside any block's time limit:
 * the JavaScript and Oniguruma engines both compile rules as they are first tried.
 */
export function warmUp(highlighter: HighlighterCore, lang: string): void {
  highlighter.codeToTokensBase('x = 1 // x', { lang, tokenizeTimeLimit: 0 });
}

/**
 * Writes each block as Astro's Markdown does (`createShikiHighlighter` of
 * `@astrojs/internal-helpers`): aliases resolved, an unknown language as plain text, one
 * trailing line break dropped, the `<pre>` Astro writes (astro-code.ts), then the site's
 * transformers. The tree is checked and written by the highlighter core; build and request time
 * differ only in the Shiki they load (site-shiki.ts, live-highlighter.ts).
 */
export function shikiBlocks(
  highlighter: HighlighterCore,
  options: ShikiBlockOptions,
): HighlightBlock {
  const loaded = () => highlighter.getLoadedLanguages();
  return async (code, language) => {
    const named = language ?? 'plaintext';
    const resolved = options.langAlias?.[named] ?? named;
    const known =
      options.isSpecialLang(resolved) ||
      loaded().includes(resolved) ||
      ((await options.loadLanguage?.(resolved)) ?? false);
    return highlighter.codeToHast(code.replace(/(?:\r\n|\r|\n)$/, ''), {
      ...(options.themes as { theme: string }),
      ...(options.defaultColor !== undefined
        ? { defaultColor: options.defaultColor as 'light' }
        : {}),
      lang: known ? resolved : 'plaintext',
      tokenizeTimeLimit: options.tokenizeTimeLimit,
      transformers: [
        astroCode(known ? named : 'plaintext', options.wrap, known ? resolved : 'plaintext'),
        ...(options.transformers ?? []),
      ],
    });
  };
}
