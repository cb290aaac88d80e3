import type { Article } from '@content-read/core';
import { articleBase, type BodyOptions, transformedHtml } from './body-options.js';
import type { Highlighter, MadeBlock } from './highlight/core.js';
import type { PlacedBlock } from './highlight/remembered-blocks.js';
import type { ImageSizer } from './images/image-sizes.js';
import {
  type Embed,
  type MarkdownHeading,
  type RenderedHtml,
  renderArticleHtml,
  type SanitiseOptions,
  type UrlBase,
} from './sanitise/sanitiser.js';

/**
 * The article-body pipeline: what an entry stores, made from an API body in one fixed order,
 * the same on every path (the build's main thread, the pool's threads, the live loaders):
 *
 * 1. the site's pre-sanitise hook, `transformHtml` (body-options.ts);
 * 2. parse and sanitise, with the CMS normalisers (sanitise/sanitiser.ts, cms/);
 * 3. highlight code (highlight/core.ts);
 * 4. size images (images/image-sizes.ts);
 * 5. the entry's body: HTML, headings, metadata (`entryBody`).
 *
 * What differs between the paths is passed in (`BodySteps`): which highlighter, where image
 * sizes come from, and whether steps 2–3 run on a thread.
 */

/** A body after steps 2–3. */
export interface DraftBody extends RenderedHtml {
  highlighted: true;
  /** The code blocks written by step 3, in body order. */
  blocks: MadeBlock[];
}

/** A body after step 2, and step 3 when the path did it there (a pool thread). */
export type SanitisedBody = RenderedHtml & { highlighted?: true; blocks?: MadeBlock[] };

/** What an entry stores of its body (`rendered` of a build or live entry, and its embeds). */
export interface EntryBody {
  html: string;
  /** `headings` as `render(entry)` gives them; `codeBlocks` where the build remembers blocks. */
  metadata: { headings: MarkdownHeading[]; codeBlocks?: PlacedBlock[] };
  /** The embeds written as players, in body order (the entry's `data.embeds`). */
  embeds: Embed[];
  /** The code blocks step 3 wrote (for the sync's log). */
  blocks: MadeBlock[];
}

/** What differs between the paths that run the pipeline. */
export interface BodySteps {
  /** Who runs it, for the hook's errors (`Collection "articles"`, `articlesLiveLoader()`). */
  owner: string;
  options: BodyOptions;
  /** Step 2's options (classes, embed providers). */
  sanitise: SanitiseOptions;
  /** Step 3, on this thread, for bodies no thread highlighted. Default: none. */
  highlighter?: Highlighter | undefined;
  /** Step 4. Default: images keep the dimensions the body gives them. */
  sizer?: Pick<ImageSizer, 'sized'> | undefined;
  /** Steps 2–3 elsewhere (the build's thread pool); default: `sanitiseAndHighlight` here. */
  offThread?: (
    html: string,
    base: UrlBase,
    where: string,
    remembered: ReadonlyMap<string, string> | undefined,
  ) => Promise<SanitisedBody>;
  /** Where each highlighted block stands, kept for the next sync (build time: remembered-blocks.ts). */
  placeBlocks?: (html: string, blocks: readonly MadeBlock[]) => PlacedBlock[];
  /** Told each warning, prefixed with the body's `where`. */
  warn: (message: string) => void;
}

export interface BodySource {
  article: Article;
  /** The body's name in warnings (`articles: article a1`). */
  where: string;
  /** A blog's own URL, for `relativeTo: 'blog'`. */
  blogUrl?: (blogId: string) => string | null | undefined;
  /** The blocks of the entry this one replaces, by key (build time). */
  remembered?: ReadonlyMap<string, string> | undefined;
}

/** Steps 1–5 for one article. */
export async function renderBody(source: BodySource, steps: BodySteps): Promise<EntryBody> {
  const { article, where, remembered } = source;
  const html = transformedHtml(article, steps.options.transformHtml, steps.owner);
  const base = articleBase(article, steps.options.relativeTo, source.blogUrl ?? (() => undefined));
  const drafted = steps.offThread
    ? await steps.offThread(html, base, where, remembered)
    : await sanitiseAndHighlight(html, { ...steps.sanitise, base }, undefined, where);
  for (const warning of drafted.warnings) steps.warn(`${where}: ${warning}`);
  const highlighted =
    drafted.highlighted || !steps.highlighter
      ? { blocks: [], ...drafted, highlighted: true as const }
      : await highlight(drafted, steps.highlighter, where, remembered);
  const sized = steps.sizer
    ? await steps.sizer.sized(highlighted.html, highlighted.unsizedImages, where)
    : highlighted.html;
  return entryBody(sized, highlighted, steps.placeBlocks);
}

/** Steps 2–3: what the pool's threads run (`highlighter` undefined: step 2 alone). */
export async function sanitiseAndHighlight(
  html: string,
  sanitise: SanitiseOptions,
  highlighter: Highlighter | undefined,
  where: string,
  remembered?: ReadonlyMap<string, string>,
): Promise<SanitisedBody> {
  const sanitised = renderArticleHtml(html, sanitise);
  if (!highlighter) return sanitised;
  return highlight(sanitised, highlighter, where, remembered);
}

/** Step 3: the images' offsets follow the blocks' new lengths, for step 4. */
async function highlight(
  body: RenderedHtml,
  highlighter: Highlighter,
  where: string,
  remembered: ReadonlyMap<string, string> | undefined,
): Promise<DraftBody> {
  const { html, moved, blocks } = await highlighter.moved(body.html, where, remembered);
  return {
    ...body,
    html,
    unsizedImages: body.unsizedImages.map((image) => ({ ...image, at: moved(image.at) })),
    highlighted: true,
    blocks,
  };
}

/** Step 5. */
function entryBody(html: string, body: DraftBody, place: BodySteps['placeBlocks']): EntryBody {
  const codeBlocks = place?.(html, body.blocks) ?? [];
  return {
    html,
    metadata: { headings: body.headings, ...(codeBlocks.length ? { codeBlocks } : {}) },
    embeds: body.embeds,
    blocks: body.blocks,
  };
}
