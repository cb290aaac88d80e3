import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { Slugger } from '../../src/body/headings/slugger.js';

// Heading ids must be those of Astro's Markdown, which slugs with github-slugger.
describe('Slugger', () => {
  it('keeps and removes every code point as github-slugger does', () => {
    const slugs = (text: string) => [new Slugger().slug(text), new GithubSlugger().slug(text)];
    const differ: string[] = [];
    for (let start = 0; start <= 0x10ffff; start += 4096) {
      const points: number[] = [];
      for (let cp = start; cp < Math.min(start + 4096, 0x110000); cp++) points.push(cp);
      // A space between code points: each one's fate shows in the slug (spaces become '-').
      const [ours, theirs] = slugs(points.map((cp) => String.fromCodePoint(cp)).join(' '));
      if (ours === theirs) continue;
      for (const cp of points) {
        const [one, other] = slugs(`a${String.fromCodePoint(cp)}b`);
        if (one !== other) differ.push(`U+${cp.toString(16).toUpperCase().padStart(4, '0')}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('slugs text as github-slugger does: case, spaces, punctuation, lone surrogates', () => {
    for (const text of [
      'Hello World!',
      'Setup & use',
      '  Two  spaces ',
      'ΣΑΣ Σ',
      'İstanbul straße',
      'emoji 😀 and \u200d joiners',
      'lone \ud800 high and \udc00 low',
      'tab\tand\nnewline',
      '',
    ]) {
      expect(new Slugger().slug(text), text).toBe(new GithubSlugger().slug(text));
    }
  });

  it('numbers repeated slugs as github-slugger does', () => {
    const texts = ['a', 'a', 'a-1', 'A', 'a 1', 'a-2', '', '', '-', '__proto__', '__proto__', 'b'];
    const ours = new Slugger();
    const theirs = new GithubSlugger();
    expect(texts.map((t) => ours.slug(t))).toEqual(texts.map((t) => theirs.slug(t)));
  });
});
