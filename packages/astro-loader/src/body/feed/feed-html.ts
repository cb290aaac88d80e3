import { Parser } from 'htmlparser2';
import type { Embed } from '../cms/embeds.js';
import { DROPPED, WRITTEN } from '../sanitise/writer.js';
import { place, type State, startState, text } from './feed-elements.js';
import { httpUrl } from './feed-urls.js';

/**
 * A body step after the pipeline (body/pipeline.ts), for feeds: an entry's sanitised body as
 * HTML that reads the same in a feed reader, which has none of the site's CSS, scripts or
 * address. What it reads is the body as step 2 writes it (the body pipeline page, "Forms later
 * steps read"), but it trusts none of it: it parses the HTML again with htmlparser2 and writes
 * through the sanitiser's writer (every element closed, every text and value escaped by
 * shared/html-escape.ts) only the elements and attributes it allows (feed-elements.ts,
 * feed-attributes.ts), so that any input, a hostile one too, gives no script, no event handler
 * and no URL but http(s) (and `mailto:` links, and raster `data:` images as the sanitiser keeps
 * them).
 *
 * - Every URL is absolute: relative ones are resolved against `base` (by default the page that
 *   shows the article, where the site's own page resolves them); what cannot be made absolute
 *   goes (a link keeps its text, an image its `alt` as text). No URL of the site's build assets
 *   (`/_astro/…`, hashed per build, gone after the next deploy): an `/_image?href=` URL gives
 *   back the image it served, any other is dropped as unresolvable.
 * - Images are plain `<img src alt width height>` with the real URL: no `loading`, `decoding`,
 *   `srcset`, `sizes` (a `srcset` alone gives its widest candidate as `src`); a `<picture>`
 *   keeps its fallback `<img>` only.
 * - A player (`<iframe data-embed>`) becomes a link to the embedded page (embed-links.ts),
 *   in a `<p>` of its own where one may stand.
 * - Code blocks are `<pre><code class="language-x">` holding the code's text exactly (a
 *   highlighter's token spans, styles and classes gone). The `language-x` class stays, as the
 *   one class: it is HTML's own way to name a code's language, which readers that highlight
 *   read, and it shows nothing without CSS.
 * - No `class` (but that one), `style`, `id`, `data-*`, `aria-*`, `tabindex`, `target`, `rel`:
 *   attributes are allow-listed per element (feed-attributes.ts). A task list's checkbox is
 *   written as ☑ or ☐. MathML stays MathML (its presentation attributes, less `class` and `id`).
 * - Characters XML 1.0 does not allow (most C0 controls, lone surrogates) are removed
 *   (xml-text.ts), so the HTML can be put in a feed's XML as it is.
 */

export interface FeedHtmlOptions {
  /** The absolute http(s) URL the body's relative URLs are resolved against. */
  base: string;
  /** The site's address (`site` of astro.config), to recognise its build assets' URLs. */
  site?: string | URL | undefined;
  /** The entry's `data.embeds`: the item each player shows. */
  embeds?: readonly Embed[] | undefined;
  /** The paths on the site the link step wrote (links between articles): resolved against `site`. */
  links?: readonly string[] | undefined;
}

/**
 * The body as feed-safe HTML: see this file's header. Whatever the HTML, it does not throw
 * (a `base` that is not an absolute http(s) URL is a TypeError).
 */
export function feedHtml(html: string, options: FeedHtmlOptions): string {
  const base = httpUrl(options.base);
  if (!base)
    throw new TypeError(`feedHtml: base must be an absolute http(s) URL, not "${options.base}"`);
  const site = options.site === undefined ? undefined : httpUrl(String(options.site));
  const onSite = new Set(options.links);
  const state = startState({ base, site, onSite }, options.embeds ?? []);
  parse(html, state);
  state.writer.end();
  return state.writer.out.join('');
}

/** Parses the HTML, placing each element (`place`) and writing each text outside dropped ones. */
function parse(html: string, s: State): void {
  // A tag cut off by the end of the input is named and then closed by the parser, but never
  // reported open: its close is skipped, as nothing was noted for it to match.
  let unreported: string | undefined;
  const parser = new Parser(
    {
      onopentagname(tag) {
        unreported = tag;
      },
      onopentag(tag, attribs) {
        unreported = undefined;
        s.counted = undefined;
        const fate = s.writer.dropping > 0 ? DROPPED : place(s, tag, attribs);
        // `place` wrote what it writes; other fates are noted so that the close is matched.
        if (fate !== WRITTEN) s.writer.open(tag, fate, '');
        s.open.push(s.counted ? { tag, counted: s.counted } : { tag });
      },
      onclosetag(tag) {
        if (unreported === tag) {
          unreported = undefined;
          return;
        }
        if (s.writer.close(tag) === undefined) return;
        const closed = s.open.pop()?.counted;
        if (closed) s.counts[closed]--;
      },
      ontext(raw) {
        if (s.writer.dropping === 0) text(s, raw);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
}
