/**
 * Entry ids. The API's ids are stable and unique but opaque: they may hold any
 * character. An entry id must be usable as a URL path segment, so:
 *
 * - an API id made only of `A-Z a-z 0-9 _ - .` (and not starting with `.`) is used as it is;
 * - any other id becomes `~` followed by the base64url encoding of its UTF-8 bytes.
 *
 * `~` never appears in an id kept as it is, so two different API ids never get the
 * same entry id, and the mapping depends on the API id alone (stable across syncs,
 * slug changes and renames).
 */
const URL_SAFE_ID = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

export function toEntryId(apiId: string): string {
  if (URL_SAFE_ID.test(apiId)) return apiId;
  return `~${Buffer.from(apiId, 'utf8').toString('base64url')}`;
}

/** The inverse of {@link toEntryId}: the API id an entry id was made from. */
export function fromEntryId(entryId: string): string {
  if (entryId.startsWith('~')) return Buffer.from(entryId.slice(1), 'base64url').toString('utf8');
  return entryId;
}
