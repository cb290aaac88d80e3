import { hash53 } from '../../shared/hash.js';
import type { MadeBlock } from './core.js';

/**
 * Highlighted blocks remembered from one sync to the next, without storing them twice: an entry
 * keeps, in `rendered.metadata.codeBlocks`, where each highlighted block stands in its own HTML
 * and the key of what it was made from. When the article changes, the next sync takes the blocks
 * whose key it meets again from the entry it replaces, and highlights only the others.
 */

/** A highlighted block of an entry's HTML: [key, start, end]. */
export type PlacedBlock = [key: string, start: number, end: number];

/**
 * The key of a block: the site's highlighting settings (as the sync's options describe them),
 * its language and its code. The settings are in it so that blocks made under other settings
 * are never taken.
 */
export function blockKey(settings: string, language: string | undefined, code: string): string {
  // Two 53-bit hashes with different seeds: a sync, web-platform key with ~2^-100 odds of two
  // blocks sharing one.
  const text = `${settings}\0${language ?? ''}\0${code}`;
  return `${hash53(text, 1)}.${hash53(text, 2)}`;
}

/** Where `blocks` stand in `html`, the body they were written into (in order). */
export function placeBlocks(html: string, blocks: readonly MadeBlock[]): PlacedBlock[] {
  const placed: PlacedBlock[] = [];
  let from = 0;
  for (const block of blocks) {
    const start = html.indexOf(block.html, from);
    if (start < 0) continue;
    from = start + block.html.length;
    placed.push([block.key, start, from]);
  }
  return placed;
}

/** The blocks an entry's rendered HTML holds, by key (none when it did not say where). */
export function rememberedBlocks(
  rendered: { html?: string; metadata?: Record<string, unknown> } | undefined,
): Map<string, string> {
  const remembered = new Map<string, string>();
  const placed = rendered?.metadata?.codeBlocks;
  const html = rendered?.html;
  if (!Array.isArray(placed) || typeof html !== 'string') return remembered;
  for (const block of placed) {
    if (!Array.isArray(block)) continue;
    const [key, start, end] = block as unknown[];
    if (typeof key !== 'string' || !Number.isInteger(start) || !Number.isInteger(end)) continue;
    const written = html.slice(start as number, end as number);
    // Only what is still a whole block there (an entry written by another version may differ).
    if (written.startsWith('<pre') && written.endsWith('</pre>')) remembered.set(key, written);
  }
  return remembered;
}
