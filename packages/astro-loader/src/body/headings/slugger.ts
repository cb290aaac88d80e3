/**
 * Heading slugs as github-slugger (which Astro's Markdown uses) makes them: lower case, every
 * character removed but letters, marks, decimal digits, connector punctuation, spaces and
 * hyphens, spaces turned into hyphens, and `-1`, `-2` … added to a slug already given.
 *
 * github-slugger spells its characters out, as of Unicode 13, in an 8 KB expression that every
 * server running the live loaders would carry. Here they are Unicode properties instead, less
 * what those properties gained in Unicode 14 to 17 (engines know newer Unicode than
 * github-slugger): the code points github-slugger removes and the properties match, in ranges
 * that may span code points both remove. Lone surrogates (`\p{Cs}`) stay, as in github-slugger.
 * test/sanitiser/slugger.test.ts compares every code point with github-slugger.
 */
const ADDED_AFTER_UNICODE_13 = [
  '\u0870-\u089F\u08B5\u08C8-\u08D2\u0C3C\u0C5C\u0C5D\u0CDC\u0CDD\u0CF3\u0ECE\u170D',
  '\u1715-\u171F\u180F\u1AC1-\u1AEB\u1B4C\u1C89\u1C8A\u1DFA\u2C2F\u2C5F\u9FFD-\u9FFF',
  '\uA7C0\uA7C1\uA7CB-\uA7F4\u{10570}-\u{105F3}\u{10780}-\u{107BA}\u{10940}-\u{10959}',
  '\u{10D40}-\u{10D85}\u{10EC2}-\u{10EFF}\u{10F70}-\u{10F85}\u{11070}-\u{11075}',
  '\u{110C2}\u{1123F}-\u{11241}\u{11380}-\u{113E2}\u{116D0}-\u{116E3}',
  '\u{11740}-\u{11746}\u{11AB0}-\u{11ABF}\u{11B60}-\u{11BF9}\u{11DB0}-\u{11DE9}',
  '\u{11F00}-\u{11F5A}\u{12F90}-\u{12FF0}\u{1342F}-\u{143FA}\u{16100}-\u{16139}',
  '\u{16A70}-\u{16AC9}\u{16D40}-\u{16D79}\u{16EA0}-\u{16ED3}\u{16FF2}-\u{16FF6}',
  '\u{187F8}-\u{187FF}\u{18CFF}\u{18D09}-\u{1AFFE}\u{1B11F}-\u{1B132}\u{1B155}',
  '\u{1CCF0}-\u{1CF46}\u{1DF00}-\u{1DF2A}\u{1E030}-\u{1E08F}\u{1E290}-\u{1E2AE}',
  '\u{1E4D0}-\u{1E7FE}\u{2A6DE}\u{2A6DF}\u{2B735}-\u{2B73F}\u{2CEA2}-\u{2CEAD}',
  '\u{2EBF0}-\u{2EE5D}\u{31350}-\u{33479}',
].join('');

const REMOVED = new RegExp(
  `[^\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Cs} -]|[${ADDED_AFTER_UNICODE_13}]`,
  'gu',
);

/** Unique slugs within one article. */
export class Slugger {
  /** Each slug given, and for a base slug, how many times it was repeated. */
  readonly #given = new Map<string, number>();

  slug(text: string): string {
    const base = text.toLowerCase().replace(REMOVED, '').replace(/ /g, '-');
    let slug = base;
    while (this.#given.has(slug)) {
      const repeats = (this.#given.get(base) ?? 0) + 1;
      this.#given.set(base, repeats);
      slug = `${base}-${repeats}`;
    }
    this.#given.set(slug, 0);
    return slug;
  }
}
