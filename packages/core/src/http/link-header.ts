/** Finds the `rel="next"` target in an RFC 8288 Link header. */
export function linkNext(header: string | null, base: URL): URL | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match) continue;
    const [, target = '', params = ''] = match;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (rels.includes('next')) {
      try {
        return new URL(target, base);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
