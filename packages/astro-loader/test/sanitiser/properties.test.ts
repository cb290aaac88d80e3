import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VOID_TAGS } from '../../src/body/sanitise/policy.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';
import { contentCorpus } from './content-corpus.js';

// Whatever the input, sanitising does not throw, writes balanced markup and is idempotent.
// SANITISER_PROPERTY_RUNS raises the number of runs (default 1000 per property).
const numRuns = Number(process.env.SANITISER_PROPERTY_RUNS ?? 1000);

/** Every tag we write closed, in order (our output escapes every other '<'). */
function balanced(html: string): boolean {
  const open: string[] = [];
  for (const [, slash, tag = ''] of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>/g)) {
    if (VOID_TAGS.has(tag)) {
      if (slash) return false;
    } else if (!slash) open.push(tag);
    else if (open.pop() !== tag) return false;
  }
  return open.length === 0;
}

function check(input: string): void {
  const once = renderArticleHtml(input).html;
  expect(balanced(once), once).toBe(true);
  expect(renderArticleHtml(once).html).toBe(once);
}

const HOSTILE = [
  '<p>Intro</p><div class="x" id="main"><svg onload=alert(1)><script>alert(1)</script></svg><table><td>cell<caption>c</table>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript><a href="java\tscript:alert(1)" target=x>j</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math><h2 id="a">A</h2><h2>A</h2>',
];
const articles = [...Object.values(contentCorpus), ...HOSTILE];

/** A piece of an article: from a random point to a random point. */
const cut = fc
  .tuple(fc.constantFrom(...articles), fc.nat(), fc.nat())
  .map(([body, a, b]) =>
    body.slice(Math.min(a, b) % (body.length + 1), Math.max(a, b) % (body.length + 1) || undefined),
  );

const TAGS = [
  'p',
  'div',
  'a',
  'h2',
  'table',
  'tr',
  'td',
  'caption',
  'col',
  'ul',
  'li',
  'svg',
  'script',
  'style',
  'img',
  'br',
  'code',
  'pre',
  'x',
  'textarea',
  'noscript',
  'select',
  'math',
  'template',
  'b',
  'i',
  'details',
  'summary',
  'section',
  'input',
  'title',
];
const ATTRS = [
  'id',
  'name',
  'class',
  'href',
  'src',
  'target',
  'rel',
  'onclick',
  'style',
  'headers',
  'aria-describedby',
  'type',
  'open',
];
const VALUES = [
  'x',
  'main',
  '#x',
  '#',
  'javascript:alert(1)',
  'user-content-x',
  'language-js a',
  '_new',
  '"><b>',
  "'",
  '',
  'a b',
];
const token = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...TAGS),
      fc.array(fc.tuple(fc.constantFrom(...ATTRS), fc.constantFrom(...VALUES)), { maxLength: 3 }),
    )
    .map(([tag, attrs]) => `<${tag}${attrs.map(([n, v]) => ` ${n}="${v}"`).join('')}>`),
  fc.constantFrom(...TAGS).map((tag) => `</${tag}>`),
  fc.constantFrom(
    '<',
    '>',
    '&',
    '"',
    '<!--',
    '-->',
    '<![CDATA[',
    ']]>',
    '</',
    '<a href=',
    '<svg ',
    '&amp;',
    '&#x3c;',
    '<p',
    '/>',
    '<!DOCTYPE html>',
    '<?x?>',
  ),
  fc.string({ maxLength: 8 }),
);
const soup = fc.array(token, { maxLength: 40 }).map((tokens) => tokens.join(''));

describe('the sanitiser, whatever the input', () => {
  it('realistic articles and payloads cut at random points: no throw, balanced, idempotent', () => {
    fc.assert(fc.property(cut, check), { numRuns });
  });

  it('random tag soup: no throw, balanced, idempotent', () => {
    fc.assert(fc.property(soup, check), { numRuns });
  });

  it('any string at all: no throw, balanced, idempotent', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200, unit: 'binary' }), check), { numRuns });
  });
});
