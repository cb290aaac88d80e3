import { escapeAttribute, escapeText } from '../sanitise/writer.js';
import { EMBED_PAGES, type EmbedProvider } from './embed-providers.js';

/** An embed the body shows: whose, which item, and the player URL written for it. */
export interface Embed {
  provider: string;
  id: string;
  url: string;
}

/** Letters, digits, `_` and `-`: nothing a template could be steered with. */
const PART = /^[\w-]{1,128}$/;
const PARAM = /^[\w.-]{1,64}$/;

interface Found {
  url: URL;
  groups: Record<string, string>;
}

/**
 * The URL as a browser would load it, when it is absolute http(s) with no credentials and no
 * port: parsed by the WHATWG URL parser (so `\`, percent-encoded and IDN hosts read as a browser
 * reads them), protocol-relative URLs taken as https.
 */
export function absoluteUrl(value: string): URL | undefined {
  const trimmed = value.trim();
  let url: URL;
  try {
    url = new URL(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || url.port) return undefined;
  return url;
}

/** The named groups of the first of `entries` whose host and pattern the URL matches. */
function find<T extends { hosts: readonly string[]; match: RegExp }>(
  value: string,
  entries: readonly T[],
): (Found & { entry: T }) | undefined {
  const url = absoluteUrl(value);
  if (!url) return undefined;
  let query: string;
  try {
    query = decodeURIComponent(url.search);
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!entry.hosts.includes(url.hostname)) continue;
    entry.match.lastIndex = 0;
    const groups = entry.match.exec(url.pathname + query)?.groups;
    if (!groups) continue;
    const parts = Object.entries(groups).filter(([, v]) => v !== undefined) as [string, string][];
    if (parts.length === 0 || !parts.every(([, v]) => PART.test(v))) continue;
    return { url, groups: Object.fromEntries(parts), entry };
  }
  return undefined;
}

function fill(template: string, groups: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => groups[name] ?? '');
}

/** The embed an iframe's `src` shows, when a provider on the list plays it. */
export function matchEmbed(
  src: string,
  providers: readonly EmbedProvider[],
): (Embed & { entry: EmbedProvider }) | undefined {
  const found = find(src, providers);
  if (!found) return undefined;
  const { entry, groups, url } = found;
  const player = new URL(fill(entry.src, groups));
  if (player.protocol !== 'https:') return undefined;
  for (const name of entry.params ?? []) {
    const value = url.searchParams.get(name);
    if (value && PARAM.test(value)) player.searchParams.set(name, value);
  }
  return { provider: entry.name, id: Object.values(groups).join('/'), url: player.href, entry };
}

/** The page a script or widget embed (a Gist, an Instagram post) showed, to link to. */
export function embedPage(src: string): string | undefined {
  const found = find(src, EMBED_PAGES);
  return found && fill(found.entry.href, found.groups);
}

/**
 * A fresh iframe for an embed: its URL, the article's title and size (else the provider's), and
 * fixed attributes only: lazy, sandboxed, a referrer policy, the provider's permissions.
 */
export function embedIframe(
  embed: Embed & { entry: EmbedProvider },
  attribs: Record<string, string>,
): string {
  const { entry } = embed;
  const width = dimension(attribs.width) ?? entry.size[0];
  const height = dimension(attribs.height) ?? entry.size[1];
  const title = attribs.title?.trim() || entry.title;
  return (
    `<iframe src="${escapeAttribute(embed.url)}" title="${escapeAttribute(title)}"` +
    ` width="${width}" height="${height}" style="aspect-ratio: ${width} / ${height}; width: 100%; height: auto"` +
    ` loading="lazy" sandbox="${escapeAttribute(entry.sandbox)}" allow="${escapeAttribute(entry.allow)}"` +
    ` allowfullscreen referrerpolicy="strict-origin-when-cross-origin" data-embed="${escapeAttribute(entry.name)}"></iframe>`
  );
}

/** A link standing for an embed that cannot be played here: its title, else its URL. */
export function embedLink(href: string, title: string | undefined): string {
  const text = title?.trim() || href;
  return `<a href="${escapeAttribute(href)}">${escapeText(text)}</a>`;
}

/** A positive whole number of pixels as an attribute gives it (`560`, `560px`), else undefined. */
function dimension(value: string | undefined): number | undefined {
  const match = /^\s*(\d{1,5})(?:px)?\s*$/.exec(value ?? '');
  const n = match ? Number(match[1]) : 0;
  return n > 0 ? n : undefined;
}
