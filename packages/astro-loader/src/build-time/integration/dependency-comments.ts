/**
 * The doc comments of the HTML parsers, left out of a build. The live loaders sanitise article
 * HTML where they run, so a server bundle (a Cloudflare worker: Astro does not minify it)
 * carries htmlparser2 and the entity tables of `entities`, with their doc comments: Rolldown
 * keeps a `/** … *\/` comment in its output, and drops only plain ones. This plugin blanks them
 * in those packages' modules as they are bundled (6.4 KiB gzip of the deploy matrix's worker).
 *
 * Only the comments change: each is overwritten with spaces, its line breaks kept, so every
 * position and line of the code stays where it was (the sourcemap holds as it is). Kept: the
 * annotations bundlers read (`#__PURE__`, `@__NO_SIDE_EFFECTS__`, …) and the legal ones
 * (`/*!`, `@license`, `@preserve`).
 */

/**
 * htmlparser2 and the packages it brings (only `entities` reaches the live loaders' code), and
 * the srcset parser, which is mostly the HTML standard's text quoted in comments.
 */
const PARSER_MODULES =
  /[\\/]node_modules[\\/](?:htmlparser2|entities|domhandler|domelementtype|domutils|@prettier[\\/]parse-srcset)[\\/].+\.[cm]?js$/;

/** What a bundler or a license needs of a comment (the text between its delimiters). */
const KEPT = /[#@]__[A-Z_]+__|@vite-ignore|@license|@preserve|^!/;

interface Comment {
  type: string;
  value: string;
  start: number;
  end: number;
}
type Parse = (file: string, code: string) => { comments: Comment[]; errors: unknown[] };

/** `code` with its doc comments overwritten by spaces (line breaks kept); unchanged if none. */
export function blankDocComments(code: string, comments: readonly Comment[]): string {
  let out = '';
  let at = 0;
  for (const { type, value, start, end } of comments) {
    if (type !== 'Block' || !value.startsWith('*') || KEPT.test(value)) continue;
    out += code.slice(at, start) + code.slice(start, end).replace(/[^\n\r\u2028\u2029]/g, ' ');
    at = end;
  }
  return at === 0 ? code : out + code.slice(at);
}

/** The Vite plugin contentRead() adds (builds only). */
export function dependencyComments() {
  // Vite's own parser, loaded when a build first meets one of the modules.
  let parse: Promise<Parse> | undefined;
  return {
    name: 'content-read:dependency-comments',
    apply: 'build' as const,
    transform: {
      filter: { id: PARSER_MODULES },
      async handler(code: string, id: string) {
        if (!PARSER_MODULES.test(id)) return undefined;
        parse ??= import('vite').then((vite) => vite.parseSync as Parse);
        const { comments, errors } = (await parse)(id, code);
        if (errors.length > 0) return undefined;
        const blanked = blankDocComments(code, comments);
        // Nothing moved: the module's sourcemap needs no change.
        return blanked === code ? undefined : { code: blanked, map: null };
      },
    },
  };
}
