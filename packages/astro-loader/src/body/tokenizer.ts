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
 * htmlparser2's minor version; should they be missing, htmlparser2's Tokenizer is used as it is.
 */

const LT = 0x3c;
const AMP = 0x26;

/** What this file reads and replaces of htmlparser2's Tokenizer, and its own memo. */
interface TokenizerSteps {
  /** The chunk being read, where it starts in the whole input, and the character at hand. */
  buffer: string;
  offset: number;
  index: number;
  stateText(c: number): void;
  handleInAttributeValue(c: number, quote: number): void;
  /** Memo: `ampIn` holds no `&` from `ampFrom` up to `ampAt` (an `&`, or its length). */
  ampIn?: string;
  ampFrom?: number;
  ampAt?: number;
}

const plain = Tokenizer.prototype as unknown as TokenizerSteps;

/**
 * Moves to just before the next `stop` or `&` after the character at hand (or the end of the
 * chunk): the parse loop steps onto it next. Where the next `&` is stays known until it is
 * passed, so a chunk is searched for `&` once per `&`, not once per tag.
 */
function skipTo(tokenizer: TokenizerSteps, stop: string): void {
  const { buffer } = tokenizer;
  const from = tokenizer.index - tokenizer.offset + 1;
  const found = buffer.indexOf(stop, from);
  let amp = tokenizer.ampAt ?? -1;
  if (tokenizer.ampIn !== buffer || (tokenizer.ampFrom ?? 0) > from || amp < from) {
    amp = buffer.indexOf('&', from);
    if (amp < 0) amp = buffer.length;
    tokenizer.ampIn = buffer;
    tokenizer.ampFrom = from;
    tokenizer.ampAt = amp;
  }
  tokenizer.index = Math.min(found < 0 ? buffer.length : found, amp) + tokenizer.offset - 1;
}

class Skipping extends Tokenizer {}
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
