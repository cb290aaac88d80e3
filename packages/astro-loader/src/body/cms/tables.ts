import type { CmsStep } from './step.js';

const TEXT_ALIGN = /(?:^|;)\s*text-align\s*:\s*(left|center|right)\s*(?:!important\s*)?(?:;|$)/i;

/**
 * Table cell alignment. markdown-it and other GFM renderers write a column's alignment as
 * `style="text-align: right"` on its `th`/`td`; styles are never kept, so the alignment would be
 * lost. Writes it as the `align` attribute (left, center or right only), which the policy keeps
 * and Astro's own Markdown writes; an `align` the cell already has wins.
 */
export const tables: CmsStep = {
  prepare(tag, attribs) {
    if ((tag !== 'td' && tag !== 'th') || attribs.align !== undefined || !attribs.style) return;
    const align = TEXT_ALIGN.exec(attribs.style)?.[1];
    if (align) attribs.align = align.toLowerCase();
  },
};
