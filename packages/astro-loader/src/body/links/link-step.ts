/**
 * The link step: the `<a href>`s of a sanitised body that name an article the site publishes
 * point at that article's page on the site; those that name none (a broken link into the
 * workspace) are kept, or unlinked, as the site chose. Each such link is recorded (`BodyLink`),
 * so that a later sync can point it elsewhere when its target moves, appears or goes, without
 * rendering the body again: the body's anchors are ours (the sanitiser's writer), so the n-th
 * `<a>` stays the n-th, and what it holds now is read from the body itself.
 */
import { escapeAttribute } from '../../shared/html-escape.js';
import type { BrokenReason, LinkTarget, LinkTargets } from './link-targets.js';

/**
 * A link of a body into the workspace: which `<a>` of the body it is (0: the first) and the URL
 * the article gave, as sanitised. What the body holds there is read from the body.
 */
export type BodyLink = readonly [at: number, href: string];

/**
 * A body's links as its entry records them (`rendered.metadata.links`): one JSON string. Astro
 * writes and reads the whole data store on every sync, and its serialiser (devalue) costs per
 * value: for 10,000 articles of 5 links, one string per body adds 2.9 MB and ~0.1 s to each
 * write and read; an object per link holding both URLs would add 6.2 MB and ~0.45 s.
 */
export function recordLinks(links: readonly BodyLink[]): string {
  return JSON.stringify(links);
}

/** The links an entry recorded (`recordLinks`); none when it recorded none, or not in this form. */
export function recordedLinks(recorded: unknown): BodyLink[] {
  if (typeof recorded !== 'string') return [];
  try {
    const links: unknown = JSON.parse(recorded);
    return Array.isArray(links) && links.every(isBodyLink) ? links : [];
  } catch {
    return [];
  }
}

function isBodyLink(link: unknown): link is BodyLink {
  return Array.isArray(link) && Number.isInteger(link[0]) && typeof link[1] === 'string';
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
  /** What the body holds for each of `links`: the article's page, the URL as given, or null (unlinked). */
  written: Array<string | null>;
  broken: BrokenLink[];
}

const ANCHOR = /<a(?=[\s>])[^>]*>/g;
// The href attribute itself, not ` href="` inside another attribute's value: the sanitiser
// writes each attribute as ` name="value"`, with no `"` in the value.
const HREF = /^<a((?:\s[^\s=>"]+="[^"]*")*?)\shref="([^"]*)"/;

/**
 * Links a body: its anchors as the sanitiser wrote them (no `recorded`), or those a sync linked
 * before (`recorded`), pointed where `targets` say now. With `rescan`, the body's other anchors
 * are read too (the workspace's hosts changed: a link that led elsewhere may lead into it now).
 */
export function linkBody(
  html: string,
  targets: LinkTargets,
  broken: BrokenLinks,
  recorded?: readonly BodyLink[],
  rescan = false,
): LinkedBody {
  const linked: LinkedBody = { html, links: [], written: [], broken: [] };
  if (recorded && !rescan && recorded.length === 0) return linked;
  const known = recorded && new Map(recorded);
  let at = -1;
  let changed = false;
  const out = html.replace(ANCHOR, (tag) => {
    at++;
    const given = known?.get(at);
    if (given === undefined && known && !rescan) return tag;
    const now = hrefOf(tag);
    const href = given ?? now;
    if (href === null) return tag;
    const target = targets.target(href);
    if (target.kind === 'broken') linked.broken.push({ href, reason: target.reason });
    const written = writtenFor(href, target, broken);
    if (target.kind !== 'outside') {
      linked.links.push([at, href]);
      linked.written.push(written);
    }
    if (written === now) return tag;
    changed = true;
    return withHref(tag, written);
  });
  if (changed) linked.html = out;
  return linked;
}

/** What the body holds for each of `links` (its recorded links): a path or URL, or null (unlinked). */
export function writtenLinks(html: string, links: readonly BodyLink[]): Array<string | null> {
  const anchors = html.match(ANCHOR) ?? [];
  return links.map(([at]) => {
    const tag = anchors[at];
    return tag === undefined ? null : hrefOf(tag);
  });
}

/** What a body holds for a link to `target`. */
function writtenFor(href: string, target: LinkTarget, broken: BrokenLinks): string | null {
  if (target.kind === 'article') return target.href;
  return target.kind === 'broken' && broken === 'unlink' ? null : href;
}

/** An anchor's href, unescaped; null when it has none. */
function hrefOf(tag: string): string | null {
  const value = HREF.exec(tag)?.[2];
  return value === undefined ? null : unescapeAttribute(value);
}

/** The anchor with its href set (escaped, as the sanitiser writes it), or taken away (null). */
function withHref(tag: string, href: string | null): string {
  const without = tag.replace(HREF, '<a$1');
  return href === null ? without : `<a href="${escapeAttribute(href)}"${without.slice(2)}`;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

function unescapeAttribute(value: string): string {
  return value.includes('&')
    ? value.replace(/&(?:amp|lt|gt|quot);/g, (e) => ENTITIES[e] ?? e)
    : value;
}
