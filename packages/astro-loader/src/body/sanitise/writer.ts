import { OPEN_IMPLIES_CLOSE, VOID_TAGS } from './policy.js';

// Where sanitiser.ts and cms/embeds.ts import them from; their home is shared/html-escape.ts.
export { escapeAttribute, escapeText } from '../../shared/html-escape.js';

/** What became of an element the parser reported open. */
export const WRITTEN = 0;
export const UNWRAPPED = 1;
export const DROPPED = 2;
/** Written, and closed before the parser closed it (see `closeImplied`). */
export const CLOSED = 3;
export type Fate = typeof WRITTEN | typeof UNWRAPPED | typeof DROPPED | typeof CLOSED;

/**
 * The sanitised output and the elements open in it. Every element written is closed, in
 * order, whatever closes the parser reports: a close that does not match the innermost open
 * element is ignored and whatever is still open at the end is closed, so the output is
 * balanced however the input was cut or nested. The output is also read back as written: an
 * element that would close the innermost written one when the output is parsed again (an `li`
 * in an `li` whose parent was unwrapped) closes it here already.
 */
export class BalancedWriter {
  readonly out: string[] = [];
  private readonly tags: string[] = [];
  private readonly fates: Fate[] = [];
  /** Open elements dropped with their content; while any is open, nothing is written. */
  dropping = 0;
  /** Open tables written (table parts are unwrapped outside one). */
  tables = 0;

  /** Elements open, whatever their fate. */
  get depth(): number {
    return this.tags.length;
  }

  /**
   * Written elements that opening a `tag` closes when the output is parsed again; returns how
   * many of them were headings.
   */
  closeImplied(tag: string): number {
    const closes = OPEN_IMPLIES_CLOSE.get(tag);
    let headings = 0;
    if (!closes) return headings;
    for (let i = this.tags.length - 1; i >= 0; i--) {
      const fate = this.fates[i];
      if (fate !== WRITTEN) continue;
      const open = this.tags[i] ?? '';
      if (!closes.has(open)) break;
      this.fates[i] = CLOSED;
      if (open.length === 2 && open[0] === 'h') headings++;
      this.out.push(`</${open}>`);
    }
    return headings;
  }

  /** Opens an element; returns the index of its chunk in `out` (headings fill theirs in last). */
  open(tag: string, fate: Fate, chunk: string): number {
    this.tags.push(tag);
    this.fates.push(fate);
    if (fate === DROPPED) this.dropping++;
    else if (fate === WRITTEN) {
      if (tag === 'table') this.tables++;
      this.out.push(chunk);
    }
    return this.out.length - 1;
  }

  /** Closes the innermost element if it is a `tag`; returns its fate, or undefined if it is not. */
  close(tag: string): Fate | undefined {
    const last = this.tags.length - 1;
    if (last < 0 || this.tags[last] !== tag) return undefined;
    this.tags.pop();
    const fate = this.fates.pop();
    if (fate === DROPPED) this.dropping--;
    else if (fate === WRITTEN) {
      if (tag === 'table') this.tables--;
      if (!VOID_TAGS.has(tag)) this.out.push(`</${tag}>`);
    }
    return fate;
  }

  text(escaped: string): void {
    this.out.push(escaped);
  }

  /** Closes whatever is still open. */
  end(): void {
    for (let tag = this.tags.at(-1); tag !== undefined; tag = this.tags.at(-1)) this.close(tag);
  }
}
