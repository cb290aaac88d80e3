/** One link of an RFC 8288 Link header: its target resolved against `base`, its rel types. */
export interface HeaderLink {
  target: URL;
  /** Lower-cased relation types (`rel="next prev"` → `['next', 'prev']`). */
  rel: string[];
  /** The parameters after the target as written (`; rel="next"`). */
  params: string;
}

/** The links of an RFC 8288 Link header; targets that are not URLs are skipped. */
export function parseLinkHeader(header: string | null | undefined, base: URL): HeaderLink[] {
  if (!header) return [];
  const links: HeaderLink[] = [];
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match) continue;
    const [, target = '', params = ''] = match;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    let url: URL;
    try {
      url = new URL(target, base);
    } catch {
      continue;
    }
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    links.push({ target: url, rel: rels, params: params.trim() });
  }
  return links;
}

/** Finds the `rel="next"` target in an RFC 8288 Link header. */
export function linkNext(header: string | null, base: URL): URL | undefined {
  return parseLinkHeader(header, base).find((link) => link.rel.includes('next'))?.target;
}
