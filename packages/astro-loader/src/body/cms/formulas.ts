import { DROPPED_WITH_CONTENT } from '../sanitise/policy.js';
import { DROPPED, type Fate, UNWRAPPED, WRITTEN } from '../sanitise/writer.js';
import { MATH_DROPPED, MATH_TAGS } from './math.js';
import type { CmsStep } from './step.js';

const KATEX = /(?:^|\s)katex(?:-display)?(?:\s|$)/;
const KATEX_HTML = /(?:^|\s)katex-html(?:\s|$)/;

/**
 * Formulas as MathML (math.ts lists what of it is kept). Reads `<math>` and KaTeX's
 * `span.katex`, which holds the formula twice: as MathML and as a visual copy
 * (`span.katex-html`) that only KaTeX's CSS makes readable. Writes the MathML: inside `<math>`
 * only MathML elements, any other unwrapped (its text kept) and whatever the policy drops
 * dropped here, before an embed step could link it from inside a formula; outside it no MathML
 * element but `<math>`. Once a formula of a KaTeX element is kept, its visual copy is dropped,
 * so the formula reads once.
 */
export function formulas(): CmsStep {
  let depth = 0;
  // A formula of the KaTeX element being read was kept: its visual twin is not written.
  let katexMath = false;
  return {
    fate(tag, attribs): Fate | undefined {
      if (MATH_DROPPED.has(tag) || (depth > 0 && DROPPED_WITH_CONTENT.has(tag))) return DROPPED;
      if (tag === 'span' && attribs.class) {
        if (katexMath && KATEX_HTML.test(attribs.class)) return DROPPED;
        if (KATEX.test(attribs.class)) katexMath = false;
      }
      if (MATH_TAGS.has(tag)) return (tag === 'math') === (depth === 0) ? WRITTEN : UNWRAPPED;
      return depth > 0 ? UNWRAPPED : undefined;
    },
    written(tag) {
      if (tag === 'math') depth++;
    },
    closed(tag, fate) {
      if (tag !== 'math' || fate !== WRITTEN) return;
      depth--;
      katexMath = true;
    },
  };
}
