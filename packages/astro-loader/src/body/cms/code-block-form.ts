import { WRITTEN } from '../sanitise/writer.js';
import { codeLanguage, languageClass } from './code-language.js';
import type { BodyContext, CmsStep } from './step.js';

/**
 * Code blocks in the one form Markdown writes, `<pre><code class="language-x">`, which the
 * highlighter reads. Reads the language wherever the CMS put it (code-language.ts): on the
 * `code`, on its `pre`, or on a wrapper `div` around the `pre` (Rouge's, GitHub's). Writes it on
 * the `code`, and opens a `code` for a `pre` with a language that has none (GitHub's
 * `<pre lang>`, Medium's spans), so that no block loses its language to the markup's shape.
 */
export function codeBlocks({ writer }: BodyContext): CmsStep {
  // Languages named by wrappers, for the `pre` inside them, by the wrapper's depth.
  const hints: { depth: number; language: string }[] = [];
  // A `pre` with a language whose `code` has not come yet, and the `code` we opened for it.
  let pending: string | undefined;
  let openedCode = -1;

  /** Opens the `code` a `pre` with a language lacks, before anything else is written in it. */
  const settle = () => {
    if (pending === undefined) return;
    writer.open('code', WRITTEN, `<code class="language-${pending}">`);
    openedCode = writer.depth;
    pending = undefined;
  };

  return {
    prepare(tag) {
      if (tag !== 'code') settle();
    },
    write(tag, attribs) {
      // Only these carry a code block's language (a wrapper, the block, its code).
      if (tag !== 'pre' && tag !== 'code' && tag !== 'div') return;
      const language = codeLanguage(tag, attribs);
      if (tag === 'pre') pending = language ?? hints.at(-1)?.language;
      else if (tag === 'code') {
        const name = language ?? pending;
        pending = undefined;
        if (name) attribs.class = languageClass(name, attribs.class);
      } else if (language) hints.push({ depth: writer.depth + 1, language });
    },
    closing(tag) {
      if (tag !== 'pre') return;
      pending = undefined;
      if (openedCode === writer.depth) writer.close('code');
    },
    closed() {
      if (openedCode > writer.depth) openedCode = -1;
      while ((hints.at(-1)?.depth ?? -1) > writer.depth) hints.pop();
    },
    text(text) {
      if (pending !== undefined && /\S/.test(text)) settle();
      return false;
    },
  };
}
