import { describe, expect, it } from 'vitest';
import { fromEntryId, toEntryId } from '../../src/shared/entries/entry-ids.js';

describe('entry ids', () => {
  it('keeps URL-safe API ids as they are', () => {
    expect(toEntryId('art_0001')).toBe('art_0001');
    expect(toEntryId('A-b.c_9')).toBe('A-b.c_9');
  });

  it('encodes other ids into URL-safe, reversible ids', () => {
    for (const apiId of ['a/b', 'über', '../x', '.hidden', 'a b', '~x', 'x?y#z', '']) {
      const id = toEntryId(apiId);
      expect(id).toMatch(/^~[A-Za-z0-9_-]*$/);
      expect(encodeURIComponent(id)).toBe(id);
      expect(fromEntryId(id)).toBe(apiId);
    }
  });

  it('encodes as base64url of the UTF-8 bytes, without padding (ids stay stable across versions)', () => {
    expect(toEntryId('über')).toBe('~w7xiZXI');
    expect(toEntryId('a/b?')).toBe('~YS9iPw');
  });

  it('gives back an entry id it could not have made as it is (a live id from a URL)', () => {
    for (const junk of ['~!!', '~w7', '~%']) expect(fromEntryId(junk)).toBe(junk);
  });

  it('never maps two API ids to one entry id', () => {
    const apiIds = ['a', 'a/', '~a', 'YQ', '~YQ', 'a b', 'a_b', '.a', 'ä', 'a%20b'];
    expect(new Set(apiIds.map(toEntryId)).size).toBe(apiIds.length);
  });
});
