import { createHash } from 'node:crypto';

/** SHA-256 of a key, lowercase hex: the only form in which the server holds keys. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
