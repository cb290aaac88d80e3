import type { HighlighterCore } from 'shiki/core';
import type { HighlightBlock } from './core.js';
import { BUILD_LINE_LIMIT, shikiBlocks, warmUp } from './shiki-blocks.js';

/** The site's `markdown.shikiConfig`, as Astro's config holds it. */
export interface ShikiConfig {
  theme?: unknown;
  themes?: Record<string, unknown>;
  langs?: unknown[];
  langAlias?: Record<string, string>;
  wrap?: boolean | null;
  defaultColor?: unknown;
  transformers?: unknown[];
}

/**
 * The build's engine: the site's Shiki (the `shiki` package, its Oniguruma engine and every
 * bundled grammar, loaded as blocks need them), set up as Astro's Markdown sets it up (the same
 * themes, `css-variables` with Astro's prefix, aliases, the site's transformers). Written through
 * shiki-blocks.ts, a block comes out byte for byte as a local Markdown file's (the
 * markdown-parity test checks it), far cheaper than a Markdown document per block. Undefined if
 * `shiki` cannot be imported (a package manager that does not hoist Astro's dependencies): the
 * caller then renders blocks through the site's Markdown pipeline.
 */
export async function siteShiki(config: ShikiConfig): Promise<HighlightBlock | undefined> {
  const shiki = await import('shiki').catch(() => undefined);
  if (!shiki) return undefined;
  const named = config.theme ?? 'github-dark';
  const theme =
    named === 'css-variables'
      ? shiki.createCssVariablesTheme({ variablePrefix: '--astro-code-' })
      : named;
  const themes = config.themes ?? {};
  const many = Object.keys(themes).length > 0;
  type Options = Parameters<typeof shiki.createHighlighter>[0];
  const highlighter: HighlighterCore = await shiki.createHighlighter({
    langs: ['plaintext', ...(config.langs ?? [])] as Options['langs'],
    langAlias: { ...config.langAlias },
    themes: (many ? Object.values(themes) : [theme]) as Options['themes'],
  });
  for (const lang of highlighter.getLoadedLanguages()) warmUp(highlighter, lang);
  return shikiBlocks(highlighter, {
    themes: many ? { themes } : { theme },
    defaultColor: config.defaultColor,
    langAlias: config.langAlias,
    wrap: config.wrap,
    transformers: config.transformers as Parameters<typeof shikiBlocks>[1]['transformers'],
    tokenizeTimeLimit: BUILD_LINE_LIMIT,
    isSpecialLang: shiki.isSpecialLang,
    async loadLanguage(lang) {
      try {
        await highlighter.loadLanguage(lang as Parameters<typeof highlighter.loadLanguage>[0]);
        warmUp(highlighter, lang);
        return true;
      } catch {
        return false;
      }
    },
  });
}
