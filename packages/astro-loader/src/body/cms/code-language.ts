/**
 * The language of a code block, however its CMS or highlighter said it, so that it can be
 * written in the one form Markdown uses, `<code class="language-x">`, which highlighting reads:
 * `language-x` and `lang-x` classes (Prism, highlight.js, Rouge's wrapper, prettify), GitHub's
 * `highlight-source-x`, SyntaxHighlighter's `brush: x`, `data-language` (Shiki, Astro),
 * `data-lang` (Hugo), `data-enlighter-language` (EnlighterJS), `data-code-block-lang` (Medium),
 * `lang` on `pre`/`code` (GitHub), and Rouge's unwrapped `<pre class="highlight swift">` (dev.to,
 * Jekyll without kramdown's wrapper): there the second class is the lexer's name. Only as the
 * `pre`'s whole class, as a `highlight` wrapper also carries other classes (`js-code-highlight`).
 */
export function codeLanguage(tag: string, attribs: Record<string, string>): string | undefined {
  const fromAttribute =
    attribs['data-language'] ??
    attribs['data-lang'] ??
    attribs['data-enlighter-language'] ??
    attribs['data-code-block-lang'] ??
    (tag === 'pre' || tag === 'code' ? attribs.lang : undefined);
  if (fromAttribute !== undefined) return normalise(fromAttribute);
  const classes = attribs.class;
  if (!classes) return undefined;
  const match =
    /(?:^|\s)(?:language|lang)-([^\s]+)/.exec(classes) ??
    /(?:^|\s)highlight-(?:source|text)-([^\s]+)/.exec(classes) ??
    /(?:^|\s)brush:\s*([^\s;]+)/.exec(classes) ??
    (tag === 'pre' ? /^\s*highlight\s+([^\s]+)\s*$/.exec(classes) : null);
  return match ? normalise(textMateName(match[1] ?? '')) : undefined;
}

/** GitHub names TextMate scopes: `highlight-text-html-basic` is HTML, `source-js` is js. */
function textMateName(name: string): string {
  return name.startsWith('html-') ? 'html' : name;
}

/** Lower case, and only what a language name holds (`c++`, `objective-c`, `f#`), or undefined. */
function normalise(value: string): string | undefined {
  const name = value.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9+#._-]{0,39}$/.test(name) ? name : undefined;
}

/** The class of a `<code>` with this language: its other classes kept, its hints replaced. */
export function languageClass(language: string, classes: string | undefined): string {
  const rest = (classes ?? '')
    .split(/\s+/)
    .filter((token) => token && !/^(?:language|lang)-/.test(token));
  return [`language-${language}`, ...rest].join(' ');
}
