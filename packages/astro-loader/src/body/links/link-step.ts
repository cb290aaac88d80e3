/**
 * The link step: the `<a href>`s of a sanitised body that name an article the site publishes
 * point at that article's page on the site; those that name none (a broken link into the
 * workspace) are kept, or unlinked, as the site chose. Each such link is recorded (`BodyLink`),
 * so that a later sync can point it elsewhere when its target moves, appears or goes, without
 * rendering the body again: the body's anchors are ours (the sanitiser's writer), so the n-th
 * `<a>` stays the n-th.
 */
import { escapeAttribute } from '../../shared/html-escape.js';
import type { BrokenReason, LinkTarget, LinkTargets } from './link-targets.js';

/** A link of a body into the workspace. */
export interface BodyLink {
  /** Which `<a>` of the body it is (0: the first). */
  at: number;
  /** The URL the article gave, as sanitised. */
  href: string;
  /** What the body holds now: the article's page, the URL as given, or null (unlinked). */
  written: string | null;
}

/** What to do with a link into the workspace that names no article the site publishes. */
export type BrokenLinks = 'keep' | 'unlink' | 'fail';

export interface BrokenLink {
  href: string;
  reason: BrokenReason;
}

export interface LinkedBody {
  html: string;
  links: BodyLink[];
  broken: BrokenLink[];
}

const ANCHOR = /<a(?=[\s>])[^>]*>/g;
const HREF = /\shref="([^"]*)"/;

/**
 * Links a body: its anchors as the sanitiser wrote them (no `recorded`), or those a sync linked
 * before (`recorded`: what it wrote then), pointed where `targets` say now. With `rescan`, the
 * body's other anchors are read too (the workspace's hosts changed: a link that led elsewhere
 * may lead into it now).
 */
export function linkBody(
  html: string,
  targets: LinkTargets,
  broken: BrokenLinks,
  recorded?: readonly BodyLink[],
  rescan = false,
): LinkedBody {
  const candidates = recorded && !rescan ? recorded : anchorLinks(html, recorded ?? []);
  const links: BodyLink[] = [];
  const missing: BrokenLink[] = [];
  const changes = new Map<number, string | null>();
  for (const link of candidates) {
    const target = targets.target(link.href);
    if (target.kind === 'broken') missing.push({ href: link.href, reason: target.reason });
    const written = writtenFor(link.href, target, broken);
    if (target.kind !== 'outside') links.push({ at: link.at, href: link.href, written });
    if (written !== link.written) changes.set(link.at, written);
  }
  return { html: changes.size ? rewritten(html, changes) : html, links, broken: missing };
}

/** What a body holds for a link to `target`. */
function writtenFor(href: string, target: LinkTarget, broken: BrokenLinks): string | null {
  if (target.kind === 'article') return target.href;
  return target.kind === 'broken' && broken === 'unlink' ? null : href;
}

/** Each anchor of `html` with an href, as a link: `recorded` ones as recorded. */
function anchorLinks(html: string, recorded: readonly BodyLink[]): BodyLink[] {
  const known = new Map(recorded.map((link) => [link.at, link]));
  return [...html.matchAll(ANCHOR)].flatMap((match, at) => {
    const link = known.get(at);
    if (link) return [link];
    const value = HREF.exec(match[0])?.[1];
    if (value === undefined) return [];
    const href = unescapeAttribute(value);
    return [{ at, href, written: href }];
  });
}

/** `html` with the href of each anchor in `changes` (by its place) set, or taken away (null). */
function rewritten(html: string, changes: ReadonlyMap<number, string | null>): string {
  let at = -1;
  return html.replace(ANCHOR, (tag) => {
    const href = changes.get(++at);
    if (href === undefined) return tag;
    const without = tag.replace(HREF, '');
    return href === null ? without : `<a href="${escapeAttribute(href)}"${without.slice(2)}`;
  });
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

function unescapeAttribute(value: string): string {
  return value.includes('&')
    ? value.replace(/&(?:amp|lt|gt|quot);/g, (e) => ENTITIES[e] ?? e)
    : value;
}
