import { Parser } from 'htmlparser2';
import { cmsHooks } from '../cms/cms-steps.js';
import { defaultEmbedProviders, type EmbedProvider } from '../cms/embed-providers.js';
import type { Embed } from '../cms/embeds.js';
import { assignSlugs, type MarkdownHeading, type PendingHeading } from '../headings/headings.js';
import { imageDefaults, locateImages, type UnsizedImage } from '../images/unsized-images.js';
import { SkippingTokenizer } from '../tokenizer.js';
import { HEADING, writeAttributes } from './attributes.js';
import { bodyContext } from './body-context.js';
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
 * code languages, ARIA; 4: every image lazy, unsized images reported; 5: Rouge's unwrapped
 * `pre.highlight` languages, table cells' `text-align` as `align`, links for TikTok, Tableau and
 * Telegram embeds and WordPress's bare embed URLs, warnings for embeds lost with their script).
 */
export const RENDERING_VERSION = 5;

/**
 * What `renderArticleHtml()` returns: the sanitised HTML, its headings (with their ids), the
 * embeds written as players, the images without a size, and warnings about what was lost.
 */
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

/** Options of `renderArticleHtml`: what a body may keep beyond the defaults, and its base URL. */
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

/**
 * Sanitises an article body in one pass over htmlparser2's events (its tokenizer stepping over
 * runs of text: ../tokenizer.ts) and gives every heading an id the way Astro's Markdown does
 * (GitHub-style slugs, unique within the article; an id the author set is kept). Before the
 * policy, each element is read as its CMS meant it by the CMS steps (body/cms/, one concern
 * each, in the order of cms-steps.ts). Every image is made lazy and its missing size noted
 * (images/unsized-images.ts). Only allow-listed elements and attributes are written (policy.ts),
 * ids and names get a prefix, classes are filtered (classes.ts), URLs checked and resolved
 * (urls.ts), every text and attribute value is re-escaped and every written element closed
 * (writer.ts), so the output holds no markup but ours, whatever the input's parse quirks. It
 * returns that HTML with its headings, embeds, unsized images and warnings (RenderedHtml), and
 * does not throw.
 */
export function renderArticleHtml(html: string, options: SanitiseOptions = {}): RenderedHtml {
  const writer = new BalancedWriter();
  const classes = classFilter(options.allowClasses);
  const warnings = new Set<string>();
  const urls = new UrlPolicy(options.base, (message) => warnings.add(message));
  const headings: PendingHeading[] = [];
  const openHeadings: PendingHeading[] = [];
  const authorIds = new Set<string>();
  const embeds: Embed[] = [];
  // Images without both dimensions, by their chunk (a rescued image replaces its placeholder's).
  const unsized = new Map<number, Omit<UnsizedImage, 'at'>>();
  // A tag whose name htmlparser2 has read but whose opening it has not reported yet. When the
  // input ends inside that tag (`<p>x</p><div `), htmlparser2 never reports it open, yet
  // reports it closed at the end: that close is ignored.
  let unreported: string | undefined;

  const text = (raw: string) => {
    for (const heading of openHeadings) heading.text += raw;
    writer.text(escapeText(raw));
  };
  const body = bodyContext({ writer, urls, warnings, classes, unsized, text });
  // Each hook's steps, in order (cms-steps.ts): the loop calls only the steps that have it.
  const on = cmsHooks(body, options.embedProviders ?? defaultEmbedProviders, embeds);

  /** What becomes of an element outside anything dropped: the steps', else the policy's. */
  const fateOf = (tag: string, attribs: Record<string, string>): Fate => {
    for (const fate of on.fate) {
      const decided = fate(tag, attribs);
      if (decided !== undefined) return decided;
    }
    if (DROPPED_WITH_CONTENT.has(tag)) return DROPPED;
    if (!ALLOWED_TAGS.has(tag)) return UNWRAPPED;
    return TABLE_PARTS.has(tag) && writer.tables === 0 ? UNWRAPPED : WRITTEN;
  };

  const write = (tag: string, attribs: Record<string, string>): number => {
    for (let n = writer.closeImplied(tag); n > 0; n--) openHeadings.pop();
    const { attributes, id } = writeAttributes(tag, attribs, classes, urls);
    if (id) authorIds.add(id);
    const depth = HEADING.exec(tag)?.[1];
    if (!depth) {
      const chunk = writer.open(tag, WRITTEN, `<${tag}${attributes}>`);
      if (tag === 'img') body.imageWritten(chunk, attribs);
      return chunk;
    }
    const chunk = writer.open(tag, WRITTEN, '');
    const heading = { chunk, depth: Number(depth), authorId: id, attributes, text: '' };
    headings.push(heading);
    openHeadings.push(heading);
    return chunk;
  };

  const parser = new Parser(
    {
      onopentagname(tag) {
        unreported = tag;
      },
      onopentag(tag, attribs) {
        unreported = undefined;
        if (writer.dropping > 0) {
          for (const hook of on.openDropped) hook(tag, attribs);
          writer.open(tag, DROPPED, '');
          return;
        }
        for (const hook of on.prepare) hook(tag, attribs);
        if (tag === 'img') imageDefaults(attribs);
        const fate = fateOf(tag, attribs);
        if (fate !== WRITTEN) {
          writer.open(tag, fate, '');
          return;
        }
        for (const hook of on.write) hook(tag, attribs);
        const chunk = write(tag, attribs);
        for (const hook of on.written) hook(tag, attribs, chunk);
      },
      onclosetag(tag) {
        if (unreported === tag) {
          unreported = undefined;
          return;
        }
        for (const hook of on.closing) hook(tag);
        const fate = writer.close(tag);
        for (const hook of on.closed) hook(tag, fate);
        if (fate === WRITTEN && HEADING.test(tag)) openHeadings.pop();
      },
      ontext(raw) {
        if (writer.dropping > 0) return;
        let taken = false;
        for (const hook of on.text) taken = hook(raw) === true || taken;
        if (!taken) text(raw);
      },
      onend() {
        for (const hook of on.end) hook();
      },
    },
    {
      decodeEntities: true,
      lowerCaseTags: true,
      lowerCaseAttributeNames: true,
      Tokenizer: SkippingTokenizer,
    },
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
