import { Tokenizer } from 'htmlparser2';

/**
 * htmlparser2's Tokenizer, stepping over a run of text, or of a quoted attribute value, in one
 * search: the tokenizer of every htmlparser2 Parser of ours (the sanitiser's, and
 * `<ArticleBody>`'s cutting of a body into parts). With entities decoded, htmlparser2 turns its
 * state machine once per character of text, though only `<` and `&` do anything there (and the
 * closing quote in a value); most of an article is text. Skipping to the next of those
 * characters gives the same events at the same offsets (a test compares them with htmlparser2's
 * own over the sanitiser's corpora), and takes about a third off sanitising a text-heavy body.
 * It overrides two steps that htmlparser2's types keep private, which is why package.json pins
 * htmlparser2's exact version; should they be missing, htmlparser2's Tokenizer is used as it is.
 * notes/upstream-reports/htmlparser2-text-fast-forward.md asks htmlparser2 to skip text itself.
 */

const LT = 0x3c;
const AMP = 0x26;

/** What this file reads and replaces of htmlparser2's Tokenizer, and what it adds. */
interface TokenizerSteps {
  /** The chunk being read, where it starts in the whole input, and the character at hand. */
  buffer: string;
  offset: number;
  index: number;
  stateText(c: number): void;
  handleInAttributeValue(c: number, quote: number): void;
  /** The last searches for `&` and for what ends the run (`<`, or the value's quote). */
  amp: Search;
  stop: Search;
}

/**
 * The last search for `char`: the chunk at `offset` holds none of it from `from` up to `at`
 * (where it is, or the chunk's length).
 */
interface Search {
  char: string;
  chunk: string;
  offset: number;
  from: number;
  at: number;
}

const plain = Tokenizer.prototype as unknown as TokenizerSteps;
const unsearched = (char: string): Search => ({ char, chunk: '', offset: -1, from: 0, at: -1 });

class Skipping extends Tokenizer {
  readonly amp = unsearched('&');
  readonly stop = unsearched('<');
}

/**
 * Where the next `char` is at or after `from` in the chunk at hand (its length if none). A search
 * is remembered until its find is passed, so that a chunk is searched for a character once per
 * occurrence, not once per stop: a long run with many `&` and no `<` stays linear.
 */
function nextOf(tokenizer: TokenizerSteps, search: Search, char: string, from: number): number {
  const { buffer, offset } = tokenizer;
  if (
    search.char === char &&
    search.offset === offset &&
    search.from <= from &&
    from <= search.at &&
    search.chunk === buffer
  )
    return search.at;
  const at = buffer.indexOf(char, from);
  search.char = char;
  search.chunk = buffer;
  search.offset = offset;
  search.from = from;
  search.at = at < 0 ? buffer.length : at;
  return search.at;
}

/**
 * Moves to just before the next `stop` or `&` after the character at hand (or the end of the
 * chunk): the parse loop steps onto it next.
 */
function skipTo(tokenizer: TokenizerSteps, stop: string): void {
  const from = tokenizer.index - tokenizer.offset + 1;
  const next = Math.min(
    nextOf(tokenizer, tokenizer.stop, stop, from),
    nextOf(tokenizer, tokenizer.amp, '&', from),
  );
  tokenizer.index = next + tokenizer.offset - 1;
}

const skipping = Skipping.prototype as unknown as TokenizerSteps;
skipping.stateText = function (this: TokenizerSteps, c: number) {
  if (c === LT || c === AMP) plain.stateText.call(this, c);
  else skipTo(this, '<');
};
skipping.handleInAttributeValue = function (this: TokenizerSteps, c: number, quote: number) {
  if (c === quote || c === AMP) plain.handleInAttributeValue.call(this, c, quote);
  else skipTo(this, String.fromCharCode(quote));
};

/** The tokenizer to give htmlparser2's Parser (its `Tokenizer` option). */
export const SkippingTokenizer: typeof Tokenizer =
  typeof plain.stateText === 'function' && typeof plain.handleInAttributeValue === 'function'
    ? Skipping
    : Tokenizer;
