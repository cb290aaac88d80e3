import { Parser } from 'htmlparser2';
import { codeLanguage, languageClass } from '../cms/code-language.js';
import { defaultEmbedProviders, type EmbedProvider } from '../cms/embed-providers.js';
import {
  absoluteUrl,
  type Embed,
  embedIframe,
  embedLink,
  embedPage,
  matchEmbed,
} from '../cms/embeds.js';
import { isPlaceholder, revealLazyImage } from '../cms/lazy-images.js';
import { MATH_DROPPED, MATH_TAGS } from '../cms/math.js';
import { isDeadControl, mediaAttributes } from '../cms/media.js';
import { assignSlugs, type MarkdownHeading, type PendingHeading } from '../headings/headings.js';
import {
  imageDefaults,
  locateImages,
  type UnsizedImage,
  unsizedImage,
} from '../images/unsized-images.js';
import { HEADING, writeAttributes } from './attributes.js';
import { classFilter } from './classes.js';
import { ALLOWED_TAGS, DROPPED_WITH_CONTENT, TABLE_PARTS } from './policy.js';
import { type UrlBase, UrlPolicy } from './urls.js';
import { BalancedWriter, DROPPED, escapeText, type Fate, UNWRAPPED, WRITTEN } from './writer.js';

export type { EmbedProvider } from '../cms/embed-providers.js';
export type { Embed } from '../cms/embeds.js';
export type { MarkdownHeading } from '../headings/headings.js';
export type { UnsizedImage } from '../images/unsized-images.js';
export type { UrlBase } from './urls.js';

/**
 * Part of the build-time sync's cache version: raise it whenever the same body renders
 * differently, so a data store filled by an older sanitiser is read and rendered again instead of
 * serving old HTML (3: embeds, lazy images, srcset by the standard, media controls, MathML,
 * code languages, ARIA; 4: every image lazy, unsized images reported).
 */
export const RENDERING_VERSION = 4;

export interface RenderedHtml {
  html: string;
  headings: MarkdownHeading[];
  /** The embeds written as players, in body order. */
  embeds: Embed[];
  /** What was lost and why (a relative URL with no base), one line each, for the loader to log. */
  warnings: string[];
  /** Images written without both dimensions, in body order (see images.ts). */
  unsizedImages: UnsizedImage[];
}

export interface SanitiseOptions {
  /**
   * Classes kept on any element besides the content classes (`language-*` on code, task-list
   * and footnote classes): names, prefixes ending in `*` (`'callout-*'`), or presets
   * (`'ghost'`, `'wordpress'`: classes.ts).
   */
  allowClasses?: readonly string[];
  /** The sites whose players an article may embed. Default: {@link defaultEmbedProviders}. */
  embedProviders?: readonly EmbedProvider[];
  /** What the body's relative URLs are relative to (see UrlBase). Default: left relative. */
  base?: UrlBase;
}

const KATEX = /(?:^|\s)katex(?:-display)?(?:\s|$)/;
const KATEX_HTML = /(?:^|\s)katex-html(?:\s|$)/;

/**
 * Sanitises an article body in one pass over htmlparser2's events and gives every heading an
 * id the way Astro's Markdown does (GitHub-style slugs, unique within the article; an id the
 * author set is kept). Before the policy, each element is read as its CMS meant it: lazy images
 * revealed (lazy-images.ts), every image made lazy and its missing size noted (images.ts),
 * embeds written anew or as links (embeds.ts), code languages in one form (code-language.ts),
 * media given controls (media.ts), MathML kept (math.ts). Only allow-listed elements and
 * attributes are written (policy.ts), ids and names get a prefix, classes are filtered
 * (classes.ts), URLs checked and resolved (urls.ts), every text and attribute value is
 * re-escaped and every written element closed (writer.ts), so the output holds no markup but
 * ours, whatever the input's parse quirks. It does not throw.
 */
export function renderArticleHtml(html: string, options: SanitiseOptions = {}): RenderedHtml {
  const writer = new BalancedWriter();
  const classes = classFilter(options.allowClasses);
  const providers = options.embedProviders ?? defaultEmbedProviders;
  const warnings = new Set<string>();
  const urls = new UrlPolicy(options.base, (message) => warnings.add(message));
  const headings: PendingHeading[] = [];
  const openHeadings: PendingHeading[] = [];
  const authorIds = new Set<string>();
  const embeds: Embed[] = [];
  // A tag whose name htmlparser2 has read but whose opening it has not reported yet. When the
  // input ends inside that tag (`<p>x</p><div `), htmlparser2 never reports it open, yet
  // reports it closed at the end: that close is ignored.
  let unreported: string | undefined;
  let mathDepth = 0;
  // A formula of the KaTeX element being read was kept: its visual twin is not written.
  let katexMath = false;
  // Code languages named by wrappers (Rouge's div, GitHub's), for the `pre` inside them.
  const hints: { depth: number; language: string }[] = [];
  // A `pre` with a language whose `code` has not come yet, and the `code` we opened for it.
  let pending: string | undefined;
  let openedCode = -1;
  // The last thing written was a placeholder image (its chunk): a `<noscript>` image after it
  // is the real one (lazy-load plugins).
  let placeholder: number | undefined;
  let rescue: { chunk: number; depth: number } | undefined;
  // Images without both dimensions, by their chunk (a rescued image replaces its placeholder's).
  const unsized = new Map<number, Omit<UnsizedImage, 'at'>>();

  /** Notes an `<img>` written to `chunk` if it lacks a dimension. */
  const noteImage = (chunk: number, attribs: Record<string, string>) => {
    const image = unsizedImage(attribs.src && urls.check('img', 'src', attribs.src), attribs);
    if (image) unsized.set(chunk, image);
    else unsized.delete(chunk);
  };

  /** Opens the `code` a `pre` with a language lacks, before anything else is written in it. */
  const settlePre = () => {
    if (pending === undefined) return;
    writer.open('code', WRITTEN, `<code class="language-${pending}">`);
    openedCode = writer.depth;
    pending = undefined;
  };

  const write = (tag: string, attribs: Record<string, string>) => {
    for (let n = writer.closeImplied(tag); n > 0; n--) openHeadings.pop();
    const { attributes, id } = writeAttributes(tag, attribs, classes, urls);
    if (id) authorIds.add(id);
    const depth = HEADING.exec(tag)?.[1];
    if (!depth) {
      const chunk = writer.open(tag, WRITTEN, `<${tag}${attributes}>`);
      if (tag !== 'img') return;
      noteImage(chunk, attribs);
      if (isPlaceholder(attribs)) placeholder = chunk;
      return;
    }
    const chunk = writer.open(tag, WRITTEN, '');
    const heading = { chunk, depth: Number(depth), authorId: id, attributes, text: '' };
    headings.push(heading);
    openHeadings.push(heading);
  };

  /** An iframe: a player written anew, else a link to what it showed. */
  const iframe = (attribs: Record<string, string>) => {
    const src = urls.resolve(attribs.src?.trim() || attribs['data-src']?.trim() || '');
    const embed = src ? matchEmbed(src, providers) : undefined;
    if (embed) {
      writer.text(embedIframe(embed, attribs));
      embeds.push({ provider: embed.provider, id: embed.id, url: embed.url });
      return;
    }
    const page = src ? (embedPage(src) ?? absoluteUrl(src)?.href) : undefined;
    if (!page) {
      if (src) warnings.add(`an iframe was dropped: its URL "${src.slice(0, 80)}" is not http(s)`);
      return;
    }
    writer.closeImplied('a');
    writer.text(embedLink(page, attribs.title));
  };

  /** What becomes of an element outside anything dropped. */
  const fateOf = (tag: string, attribs: Record<string, string>): Fate => {
    if (tag === 'iframe' || tag === 'script') {
      if (mathDepth > 0) return DROPPED;
      if (tag === 'iframe') iframe(attribs);
      const page = tag === 'script' && attribs.src ? embedPage(attribs.src) : undefined;
      if (page) {
        writer.closeImplied('a');
        writer.text(embedLink(page, undefined));
      }
      return DROPPED;
    }
    if (tag === 'noscript' && placeholder !== undefined) {
      rescue = { chunk: placeholder, depth: writer.depth + 1 };
      return DROPPED;
    }
    if (DROPPED_WITH_CONTENT.has(tag) || MATH_DROPPED.has(tag) || isDeadControl(tag, attribs))
      return DROPPED;
    if (tag === 'span' && attribs.class) {
      if (katexMath && KATEX_HTML.test(attribs.class)) return DROPPED;
      if (KATEX.test(attribs.class)) katexMath = false;
    }
    if (MATH_TAGS.has(tag)) return (tag === 'math') === (mathDepth === 0) ? WRITTEN : UNWRAPPED;
    if (mathDepth > 0 || !ALLOWED_TAGS.has(tag)) return UNWRAPPED;
    return TABLE_PARTS.has(tag) && writer.tables === 0 ? UNWRAPPED : WRITTEN;
  };

  const parser = new Parser(
    {
      onopentagname(tag) {
        unreported = tag;
      },
      onopentag(tag, attribs) {
        unreported = undefined;
        if (writer.dropping > 0) {
          if (rescue && tag === 'img') {
            revealLazyImage(tag, attribs);
            if (!isPlaceholder(attribs)) {
              imageDefaults(attribs);
              writer.out[rescue.chunk] =
                `<img${writeAttributes(tag, attribs, classes, urls).attributes}>`;
              noteImage(rescue.chunk, attribs);
              rescue = undefined;
            }
          }
          writer.open(tag, DROPPED, '');
          return;
        }
        if (tag !== 'noscript') placeholder = undefined;
        if (tag !== 'code') settlePre();
        revealLazyImage(tag, attribs);
        if (tag === 'img') imageDefaults(attribs);
        mediaAttributes(tag, attribs);
        const fate = fateOf(tag, attribs);
        if (fate !== WRITTEN) {
          writer.open(tag, fate, '');
          return;
        }
        // Only these carry a code block's language (a wrapper, the block, its code).
        const language =
          tag === 'pre' || tag === 'code' || tag === 'div' ? codeLanguage(tag, attribs) : undefined;
        if (tag === 'pre') pending = language ?? hints.at(-1)?.language;
        else if (tag === 'code') {
          const inPre = pending;
          pending = undefined;
          const name = language ?? inPre;
          if (name) attribs.class = languageClass(name, attribs.class);
        } else if (language && tag === 'div') hints.push({ depth: writer.depth + 1, language });
        if (tag === 'math') mathDepth++;
        write(tag, attribs);
      },
      onclosetag(tag) {
        if (unreported === tag) {
          unreported = undefined;
          return;
        }
        if (tag === 'pre') {
          pending = undefined;
          if (openedCode === writer.depth) writer.close('code');
        }
        const fate = writer.close(tag);
        if (openedCode > writer.depth) openedCode = -1;
        if (rescue && writer.depth < rescue.depth) rescue = undefined;
        while ((hints.at(-1)?.depth ?? -1) > writer.depth) hints.pop();
        if (fate !== WRITTEN) return;
        if (HEADING.test(tag)) openHeadings.pop();
        if (tag === 'math') {
          mathDepth--;
          katexMath = true;
        }
      },
      ontext(text) {
        if (writer.dropping > 0) return;
        if ((placeholder !== undefined || pending !== undefined) && /\S/.test(text)) {
          placeholder = undefined;
          settlePre();
        }
        for (const heading of openHeadings) heading.text += text;
        writer.text(escapeText(text));
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  writer.end();
  const list = assignSlugs(headings, authorIds, writer.out);
  return {
    html: writer.out.join(''),
    headings: list,
    embeds,
    warnings: [...warnings],
    unsizedImages: locateImages(writer.out, unsized),
  };
}
