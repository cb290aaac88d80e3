import { describe, expect, it } from 'vitest';
import {
  escapeAttribute,
  escapeCodeAttribute,
  escapeImageAttribute,
  escapeText,
} from '../../src/shared/html-escape.js';

const ALL = `a&b<c>d"e'f&amp;`;

describe('HTML escaping', () => {
  it('escapes in each variant exactly the characters the HTML it matches escapes', () => {
    expect(escapeText(ALL)).toBe(`a&amp;b&lt;c&gt;d"e'f&amp;amp;`);
    expect(escapeAttribute(ALL)).toBe(`a&amp;b&lt;c&gt;d&quot;e'f&amp;amp;`);
    expect(escapeCodeAttribute(ALL)).toBe(`a&amp;b<c>d&quot;e'f&amp;amp;`);
    expect(escapeImageAttribute(ALL)).toBe(`a&amp;b&lt;c&gt;d&quot;e&#39;f&amp;amp;`);
  });

  it('gives back a string with nothing to escape as it is, and escapes each occurrence', () => {
    for (const variant of [
      escapeText,
      escapeAttribute,
      escapeCodeAttribute,
      escapeImageAttribute,
    ]) {
      expect(variant('')).toBe('');
      expect(variant('plain text, é ✓')).toBe('plain text, é ✓');
      // The same again: no state (a global regex's lastIndex) is left between calls.
      expect(variant('&&x&')).toBe('&amp;&amp;x&amp;');
      expect(variant('&&x&')).toBe('&amp;&amp;x&amp;');
    }
  });
});
