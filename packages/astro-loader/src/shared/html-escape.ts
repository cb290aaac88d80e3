/**
 * HTML escaping, for every writer of HTML in this package. Each variant escapes exactly what the
 * HTML it must match escapes (bodies are compared with Astro's Markdown byte for byte), so they
 * differ; each tests before it replaces, as most strings hold nothing to escape.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const entity = (c: string) => ENTITIES[c] ?? c;

/** An escaper of `characters` (each one of ENTITIES'). */
function escaper(characters: string): (text: string) => string {
  const any = new RegExp(`[${characters}]`);
  const each = new RegExp(`[${characters}]`, 'g');
  return (text) => (any.test(text) ? text.replace(each, entity) : text);
}

/** Text content: `&`, `<`, `>`, as Astro's Markdown writes text (code blocks' too). */
export const escapeText = escaper('&<>');

/** An attribute value in double quotes, as the sanitiser writes the body's: `&`, `<`, `>`, `"`. */
export const escapeAttribute = escaper('&<>"');

/**
 * An attribute value in double quotes as Astro's Markdown writes a highlighted code block's
 * (hast-util-to-html): `&` and `"` only.
 */
export const escapeCodeAttribute = escaper('&"');

/**
 * An attribute value as Astro's `render()` writes an image's (its escapeHTML): `&`, `<`, `>`,
 * `'` and `"`.
 */
export const escapeImageAttribute = escaper(`&<>'"`);
