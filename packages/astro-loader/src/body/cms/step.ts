import type { UrlPolicy } from '../sanitise/urls.js';
import type { BalancedWriter, Fate } from '../sanitise/writer.js';

/**
 * What a CMS step may use of the body being written: the writer (so what a step adds is
 * balanced and escaped like the rest), the URL policy, the warnings, and the policy's own way
 * of writing a tag, so that nothing a step writes bypasses the allow-list.
 */
export interface BodyContext {
  readonly writer: BalancedWriter;
  readonly urls: UrlPolicy;
  readonly warnings: Set<string>;
  /** Whether the body written so far links to one of `hosts` (what the reader can still reach). */
  linksTo(hosts: readonly string[]): boolean;
  /** `<tag …>` with the allowed attributes only, checked and escaped (attributes.ts). */
  startTag(tag: string, attribs: Record<string, string>): string;
  /** An `<img>` was written to `chunk` (or `chunk` now holds another one): its size is noted. */
  imageWritten(chunk: number, attribs: Record<string, string>): void;
  /** Writes text the parser gave (escaped, and counted in the open headings' text). */
  text(text: string): void;
  /**
   * Writes `<a href>` around `text` (escaped) where a link may stand, when the URL is absolute
   * http(s) and the URL policy allows it; false, writing nothing, when it does not.
   */
  link(href: string, text: string): boolean;
}

/**
 * One CMS concern (an embed, lazy images, formulas, code languages…), as a plugin of the parse
 * loop (sanitiser.ts): each hook is called for every step that has it, in the loop's fixed
 * order. Steps read the CMS's markup and rewrite attributes or add content; the policy still
 * decides what is written, except where a step settles an element's fate first.
 */
export interface CmsStep {
  /** An element opens outside anything dropped: a step may rewrite its attributes. */
  prepare?(tag: string, attribs: Record<string, string>): void;
  /** Its fate, when this step decides it: the first step that does wins, else the policy. */
  fate?(tag: string, attribs: Record<string, string>): Fate | undefined;
  /** It is kept and about to be written: last changes to its attributes. */
  write?(tag: string, attribs: Record<string, string>): void;
  /** It was written, to chunk `chunk` of the output. */
  written?(tag: string, attribs: Record<string, string>, chunk: number): void;
  /** An element opens inside something dropped (nothing of it is written). */
  openDropped?(tag: string, attribs: Record<string, string>): void;
  /** `tag` is about to close: the last chance to write inside it. */
  closing?(tag: string): void;
  /** `tag` closed: its fate, undefined when the close matched no open element. */
  closed?(tag: string, fate: Fate | undefined): void;
  /** Text outside anything dropped: true when the step took it (it is not written now). */
  text?(text: string): boolean | undefined;
  /** The body has been read. */
  end?(): void;
}
