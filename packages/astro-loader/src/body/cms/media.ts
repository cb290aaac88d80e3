import { DROPPED } from '../sanitise/writer.js';
import type { CmsStep } from './step.js';

/**
 * Video and audio as readers can play them. Reads `<video>`/`<audio>` and a CMS's own player
 * chrome. A CMS's player was script (Ghost's video and audio cards, WordPress's players) and is
 * gone, so every kept `<video>`/`<audio>` gets the browser's own `controls`, and the CMS's dead
 * controls (buttons, sliders, Ghost's player bar) go with their content instead of leaving
 * stray "0:00 1×" text.
 */
export const media: CmsStep = {
  prepare(tag, attribs) {
    if (tag === 'video' || tag === 'audio') attribs.controls = '';
  },
  fate(tag, attribs) {
    return isDeadControl(tag, attribs) ? DROPPED : undefined;
  },
};

/** Ghost's script-driven player bars beside a native media element. */
const CMS_PLAYER = /(?:^|\s)kg-(?:video|audio)-player(?:\s|$)/;

/** A CMS media player's own controls, dropped with their content. */
export function isDeadControl(tag: string, attribs: Record<string, string>): boolean {
  if (tag === 'button') return true;
  if (tag === 'input') return (attribs.type ?? '').trim().toLowerCase() !== 'checkbox';
  return tag === 'div' && CMS_PLAYER.test(attribs.class ?? '');
}
