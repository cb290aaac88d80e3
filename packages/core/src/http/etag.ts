/**
 * Whether an `If-None-Match` header holds `etag`: it may list several tags, or `*` (any current
 * representation); RFC 9110 §13.1.2 compares weakly, so `W/` prefixes are ignored on both sides.
 * One rule for everyone who answers 304s: the mock API and the loader's proxy.
 */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
