import GithubSlugger from 'github-slugger';
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { defaultSchema, type Schema, sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { toString as textOf } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';

/** A heading as Astro reports it for local Markdown (`render(entry).headings`). */
export interface MarkdownHeading {
  depth: number;
  slug: string;
  text: string;
}

export interface RenderedHtml {
  html: string;
  headings: MarkdownHeading[];
}

/**
 * What article bodies may contain: GitHub's allow-list (the one hast-util-sanitize
 * ships, used for READMEs), plus the elements ordinary articles use that it lacks
 * (figure, picture, video …) and `class`/`loading` attributes. Scripts, styles,
 * iframes, forms, event-handler attributes and `javascript:`/`data:` URLs are not in it.
 * Ids are kept as the author wrote them (not prefixed): the page is the article.
 */
export const articleSanitizeSchema: Schema = {
  ...defaultSchema,
  clobber: [],
  tagNames: [
    ...(defaultSchema.tagNames ?? []),
    'figure',
    'figcaption',
    'picture',
    'source',
    'video',
    'audio',
    'track',
    'mark',
    'small',
    'cite',
    'abbr',
    'time',
    'u',
  ],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), 'className'],
    img: [...(defaultSchema.attributes?.img ?? []), 'loading', 'decoding', 'srcSet', 'sizes'],
    source: ['src', 'srcSet', 'type', 'media', 'sizes'],
    video: ['src', 'poster', 'controls', 'muted', 'loop', 'playsInline', 'preload'],
    audio: ['src', 'controls', 'loop', 'preload'],
    track: ['src', 'kind', 'srcLang', 'label', 'default'],
    a: [...(defaultSchema.attributes?.a ?? []), 'rel', 'target'],
    time: ['dateTime'],
  },
  protocols: {
    ...defaultSchema.protocols,
    poster: ['http', 'https'],
  },
};

const HEADING = /^h([1-6])$/;

/**
 * Sanitises an article body and gives every heading an id, the way Astro's Markdown
 * pipeline does (GitHub-style slugs, unique within the article; an id the author set is kept).
 * Returns the HTML and the headings list for `rendered.metadata.headings`.
 */
export function renderArticleHtml(
  html: string,
  schema: Schema = articleSanitizeSchema,
): RenderedHtml {
  const tree = sanitize(fromHtml(html, { fragment: true }), schema) as Root;
  const slugger = new GithubSlugger();
  const authorIds = new Set<string>();
  visit(tree, 'element', (node: Element) => {
    if (typeof node.properties.id === 'string') authorIds.add(node.properties.id);
  });
  const headings: MarkdownHeading[] = [];
  visit(tree, 'element', (node: Element) => {
    const match = HEADING.exec(node.tagName);
    if (!match) return;
    const text = textOf(node).trim();
    let slug = typeof node.properties.id === 'string' ? node.properties.id : '';
    // A generated slug must not collide with an id the author put elsewhere in the body.
    while (!slug || (authorIds.has(slug) && node.properties.id !== slug)) slug = slugger.slug(text);
    node.properties.id = slug;
    headings.push({ depth: Number(match[1]), slug, text });
  });
  return { html: toHtml(tree), headings };
}
