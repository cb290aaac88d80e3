import type { Root } from 'hast';
import type { ShikiTransformer } from 'shiki';
import { astroCode } from './astro-code.js';

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
 * Most ms one line may take to tokenize before the rest of it is left plain. Astro's Markdown
 * keeps Shiki's 500; a build sharing its machine (CI, a loaded laptop) can take that long on a
 * line that compiles a grammar's expressions, which would make a block differ from Markdown's.
 * Still bounded: a pathological line cannot stall the build.
 */
const TOKENIZE_TIME_LIMIT = 5000;

/**
 * One code block highlighted: its HTML, or the tree Shiki made (checked, then written, by
 * highlighter-policy.ts's `usableBlock`).
 */
export type HighlightBlock = (code: string, language: string | undefined) => Promise<string | Root>;

/**
 * The site's Shiki, set up as Astro's Markdown sets it up (`createShikiHighlighter` of
 * `@astrojs/internal-helpers`: the same themes, `css-variables` with Astro's prefix, languages
 * loaded as they are met, aliases, unknown languages as plain text, the `<pre>` Astro writes,
 * the site's transformers, the Oniguruma engine), giving each block's tree; written by hast-html.ts
 * as Markdown's blocks are, it comes out byte for byte as a local Markdown file's (the
 * markdown-parity test checks it). Far
 * cheaper than rendering each block as a Markdown document. Undefined if `shiki` cannot be
 * imported (a package manager that does not hoist Astro's dependencies): the caller then renders
 * blocks through the site's Markdown pipeline.
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
  const highlighter = await shiki.createHighlighter({
    langs: ['plaintext', ...(config.langs ?? [])] as Options['langs'],
    langAlias: { ...config.langAlias },
    themes: (many ? Object.values(themes) : [theme]) as Options['themes'],
  });
  // A first line in a language compiles its grammar's top rules, outside any block's time limit.
  type Lang = Parameters<typeof highlighter.codeToTokensBase>[1]['lang'];
  const warm = (lang: string) =>
    highlighter.codeToTokensBase('x = 1 // x', { lang: lang as Lang, tokenizeTimeLimit: 0 });
  for (const lang of highlighter.getLoadedLanguages()) warm(lang);
  return async (code, language) => {
    let lang = language ?? 'plaintext';
    const resolved = config.langAlias?.[lang] ?? lang;
    if (!shiki.isSpecialLang(lang) && !highlighter.getLoadedLanguages().includes(resolved)) {
      try {
        await highlighter.loadLanguage(resolved as Parameters<typeof highlighter.loadLanguage>[0]);
        warm(resolved);
      } catch {
        lang = 'plaintext';
      }
    }
    const tree = highlighter.codeToHast(code.replace(/(?:\r\n|\r|\n)$/, ''), {
      ...((many ? { themes } : { theme }) as { theme: string }),
      ...(config.defaultColor !== undefined
        ? { defaultColor: config.defaultColor as 'light' }
        : {}),
      lang,
      tokenizeTimeLimit: TOKENIZE_TIME_LIMIT,
      transformers: [
        astroCode(lang, config.wrap, lang === 'plaintext' ? lang : resolved),
        ...((config.transformers ?? []) as ShikiTransformer[]),
      ],
    });
    return tree;
  };
}
