import { B64TOKEN } from '@content-read/core/internal';

export type AuthorizationParse =
  | { ok: true; token: string }
  | { ok: false; code: 'missing_token' | 'invalid_authorization' };

/**
 * the API contract §2: exactly `Bearer <token>` — the scheme word in any case, one space, a
 * b64token. Anything else (no scheme, other schemes, empty token, extra or other whitespace) is
 * `invalid_authorization`; no header at all is `missing_token`.
 */
export function parseAuthorization(header: string | null | undefined): AuthorizationParse {
  if (header === null || header === undefined) return { ok: false, code: 'missing_token' };
  const space = header.indexOf(' ');
  if (space !== 6 || header.slice(0, 6).toLowerCase() !== 'bearer') {
    return { ok: false, code: 'invalid_authorization' };
  }
  const token = header.slice(7);
  if (!B64TOKEN.test(token)) return { ok: false, code: 'invalid_authorization' };
  return { ok: true, token };
}
