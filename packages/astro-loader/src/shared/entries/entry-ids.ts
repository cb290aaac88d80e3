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

/**
 * The entry id of an API id: the id itself when it is URL-safe, else `~` and the base64url of
 * its UTF-8 bytes. Unique and stable per API id; {@link fromEntryId} turns it back.
 */
export function toEntryId(apiId: string): string {
  if (URL_SAFE_ID.test(apiId)) return apiId;
  let binary = '';
  for (const byte of new TextEncoder().encode(apiId)) binary += String.fromCharCode(byte);
  return `~${btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')}`;
}

/**
 * The inverse of {@link toEntryId}: the API id an entry id was made from. An entry id that is
 * not one we could have made (a live loader's id comes from a URL) is returned as it is: it then
 * matches no article.
 */
export function fromEntryId(entryId: string): string {
  if (!entryId.startsWith('~')) return entryId;
  // Web-platform base64url (btoa/atob): live loaders run where Node's Buffer may not exist.
  const base64 = entryId.slice(1).replaceAll('-', '+').replaceAll('_', '/');
  try {
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    return new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
  } catch {
    return entryId;
  }
}
