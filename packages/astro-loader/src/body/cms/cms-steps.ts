import { bareUrls } from './bare-urls.js';
import { codeBlocks } from './code-block-form.js';
import type { EmbedProvider } from './embed-providers.js';
import { embedStep } from './embed-step.js';
import type { Embed } from './embeds.js';
import { formulas } from './formulas.js';
import { lazyImages } from './lazy-images.js';
import { media } from './media.js';
import type { BodyContext, CmsStep } from './step.js';
import { tableau } from './tableau.js';
import { tables } from './tables.js';
import { tiktok } from './tiktok.js';

/**
 * The CMS steps of one body, in the order the sanitiser's parse loop (sanitise/sanitiser.ts)
 * runs them, grouped by hook: the loop calls, on every element, only the steps that have the
 * hook at hand, and a step added here is called wherever it has one.
 */

/** Each hook of CmsStep: the steps' functions for it, in the steps' order. */
export type CmsHooks = { [K in keyof CmsStep]-?: NonNullable<CmsStep[K]>[] };

/** The steps for the body being written, by hook; players it writes are added to `embeds`. */
export function cmsHooks(
  body: BodyContext,
  providers: readonly EmbedProvider[],
  embeds: Embed[],
): CmsHooks {
  // The CMS steps, in the order each hook runs: see each file's header for what it reads and
  // writes. Where two could decide an element's fate, the earlier wins. bareUrls is first: it
  // holds text back and must write it before anything else is; formulas comes before the embed
  // step, so that nothing inside a formula becomes a player or a link.
  const embedding = embedStep(body, providers, embeds);
  return hooksOf([
    bareUrls(body, embedding.embedUrl),
    codeBlocks(body),
    lazyImages(body),
    media,
    tables,
    formulas(),
    embedding,
    tiktok(body),
    tableau(body),
  ]);
}

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
function hooksOf(steps: readonly CmsStep[]): CmsHooks {
  const hooks = {} as Record<keyof CmsStep, unknown[]>;
  for (const name of HOOKS) {
    const list: unknown[] = [];
    for (const step of steps) if (step[name]) list.push(step[name]);
    hooks[name] = list;
  }
  return hooks as CmsHooks;
}
