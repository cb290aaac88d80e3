/**
 * Text a feed's XML can hold as it is: XML 1.0 forbids most C0 controls and lone surrogates,
 * which HTML and JSON let through, and a reader rejects the whole feed over one of them. Both
 * the body (feed-html.ts) and the item's fields (feed-items.ts) are written through it.
 */

const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` without the characters XML 1.0 does not allow (C0 controls but tab and newlines, lone surrogates). */
export function xmlText(text: string): string {
  NOT_XML.lastIndex = 0;
  return NOT_XML.test(text) ? text.replace(NOT_XML, '') : text;
}
