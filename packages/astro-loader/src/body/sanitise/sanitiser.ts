import { Parser } from 'htmlparser2';
import { bareUrls } from '../cms/bare-urls.js';
import { codeBlocks } from '../cms/code-block-form.js';
import { defaultEmbedProviders, type EmbedProvider } from '../cms/embed-providers.js';
import { embedStep } from '../cms/embed-step.js';
import { absoluteUrl, type Embed, embedLink } from '../cms/embeds.js';
import { formulas } from '../cms/formulas.js';
import { lazyImages } from '../cms/lazy-images.js';
import { media } from '../cms/media.js';
import type { BodyContext, CmsStep } from '../cms/step.js';
import { tableau } from '../cms/tableau.js';
import { tables } from '../cms/tables.js';
import { tiktok } from '../cms/tiktok.js';
import { assignSlugs, type MarkdownHeading, type PendingHeading } from '../headings/headings.js';
import {
  imageDefaults,
  locateImages,
  type UnsizedImage,
  unsizedImage,
} from '../images/unsized-images.js';
import { SkippingTokenizer } from '../tokenizer.js';
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

/** The host of each absolute link written (`<a … href="https://host/…"`). */
const LINK_HOST = /<a\s[^>]*?href="https?:\/\/([^"/?#:]+)/g;

/**
 * Sanitises an article body in one pass over htmlparser2's events (its tokenizer stepping over
 * runs of text: ../tokenizer.ts) and gives every heading an id the way Astro's Markdown does
 * (GitHub-style slugs, unique within the article; an id the author set is kept). Before the
 * policy, each element is read as its CMS meant it by the CMS steps (body/cms/, one concern
 * each, in the order of `steps` below). Every image is made lazy and its missing size noted
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
  const body: BodyContext = {
    writer,
    urls,
    warnings,
    linksTo(hosts) {
      // Read from what was written, only when a removed embed asks (rarely): no bookkeeping
      // on every link.
      for (const [, host] of writer.out.join('').matchAll(LINK_HOST))
        if (host && hosts.includes(host.toLowerCase())) return true;
      return false;
    },
    startTag: (tag, attribs) =>
      `<${tag}${writeAttributes(tag, attribs, classes, urls).attributes}>`,
    imageWritten(chunk, attribs) {
      const image = unsizedImage(attribs.src && urls.check('img', 'src', attribs.src), attribs);
      if (image) unsized.set(chunk, image);
      else unsized.delete(chunk);
    },
    text,
    link(href, label) {
      const url = absoluteUrl(href);
      const checked = url && urls.check('a', 'href', href);
      if (!url || !checked) return false;
      writer.closeImplied('a');
      writer.text(embedLink(checked, label));
      return true;
    },
  };
  // The CMS steps, in the order each hook runs: see each file's header for what it reads and
  // writes. Where two could decide an element's fate, the earlier wins. bareUrls is first: it
  // holds text back and must write it before anything else is; formulas comes before the embed
  // step, so that nothing inside a formula becomes a player or a link.
  const embedding = embedStep(body, options.embedProviders ?? defaultEmbedProviders, embeds);
  const steps: readonly CmsStep[] = [
    bareUrls(body, embedding.embedUrl),
    codeBlocks(body),
    lazyImages(body),
    media,
    tables,
    formulas(),
    embedding,
    tiktok(body),
    tableau(body),
  ];

  // Each hook's steps, in order: the loop calls only the steps that have it, on every element.
  const on = hooksOf(steps);

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

type Hooks = { [K in keyof CmsStep]-?: NonNullable<CmsStep[K]>[] };
/** Every hook of a CMS step (a Record, so that a hook added to CmsStep must be listed). */
const HOOK_NAMES: Record<keyof CmsStep, true> = {
  prepare: true,
  fate: true,
  write: true,
  written: true,
  openDropped: true,
  closing: true,
  closed: true,
  text: true,
  end: true,
};
const HOOKS = Object.keys(HOOK_NAMES) as (keyof CmsStep)[];

/** The steps' hooks, one list per hook, in the steps' order (steps keep no `this`). */
function hooksOf(steps: readonly CmsStep[]): Hooks {
  const hooks = {} as Record<keyof CmsStep, unknown[]>;
  for (const name of HOOKS) {
    const list: unknown[] = [];
    for (const step of steps) if (step[name]) list.push(step[name]);
    hooks[name] = list;
  }
  return hooks as Hooks;
}
