import { type Handler, Parser, Tokenizer } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { SkippingTokenizer } from '../../src/body/tokenizer.js';
import { sanitiserCorpus } from './corpus.js';

const EVENTS = [
  'onopentagname',
  'onattribute',
  'onopentag',
  'onclosetag',
  'ontext',
  'oncomment',
  'oncommentend',
  'oncdatastart',
  'oncdataend',
  'onprocessinginstruction',
  'onend',
] as const;

/**
 * Every event htmlparser2's Parser reports for `chunks`, with its arguments and offsets; with
 * `again`, the parser is then reset and reads those chunks.
 */
function events(
  chunks: readonly string[],
  tokenizer: typeof Tokenizer,
  options: { decodeEntities?: boolean; xmlMode?: boolean; again?: readonly string[] } = {},
): string[] {
  const { again, ...parsing } = options;
  const seen: string[] = [];
  let parser: Parser | undefined;
  const handler: Partial<Handler> = {};
  for (const name of EVENTS)
    (handler as Record<string, unknown>)[name] = (...args: unknown[]) =>
      seen.push(JSON.stringify([name, args, parser?.startIndex, parser?.endIndex]));
  parser = new Parser(handler, {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    ...parsing,
    Tokenizer: tokenizer,
  });
  for (const [round, input] of [chunks, ...(again ? [again] : [])].entries()) {
    if (round > 0) parser.reset();
    for (const chunk of input) parser.write(chunk);
    parser.end();
  }
  return seen;
}

/** `html` cut into `parts` chunks of about equal length. */
function cut(html: string, parts: number): string[] {
  const size = Math.ceil(html.length / parts) || 1;
  return Array.from({ length: parts }, (_, i) => html.slice(i * size, (i + 1) * size));
}

// Where skipping could go wrong: an `&` or a quote at either end of a run, entities with and
// without `;` in text and in each kind of attribute value, RCDATA (`title`, `textarea`, which
// decode) and raw text (`script`, `style`, which do not, unless inside SVG), input ending in
// the middle of text or a value, `<` that opens no tag.
const EDGES = [
  'a &amp; b &lt;c&gt; &notit; &not &#x3C; &#60 &#0; &#x110000; &unknown; & end',
  '&amp;<p>&amp;</p>&',
  '<a href="x&amp;y" title=\'&quot;q&quot;\' data-u=a&ampb&amp;c alt="&notit;=">t</a>',
  '<img src="x" alt="&amp;&amp;&amp;">&amp;&amp;',
  '<title>a &amp; b</title><textarea>c &lt; d</textarea>',
  '<script>if (a && b < c) x = "&amp;"</script><style>a::after { content: "&amp;" }</style>',
  '<svg><style>a &amp; b</style><title>t &amp; u</title></svg><style>&amp;</style>',
  '<p>a < b << c <3 </ p>',
  '<p title="unterminated &amp; value',
  '<p>text running to the end &am',
  '<!-- a & b --><![CDATA[ x & y ]]><?php echo "&"; ?>',
  '<plaintext>a &amp; <b> everything after',
  `${'x'.repeat(5000)}&amp;${'y'.repeat(5000)}`,
  // Many entities and no `<`: each stop searches on from the last, not from scratch.
  'a &amp; b '.repeat(20_000),
  `<p title="${'c &amp; d '.repeat(5_000)}">`,
];
const BODIES = [...sanitiserCorpus, ...EDGES];

describe('our tokenizer', () => {
  it("skips text and attribute values: it is not htmlparser2's own", () => {
    // Were the steps it replaces missing, it would fall back to htmlparser2's, and the tests
    // below would compare that with itself.
    expect(SkippingTokenizer).not.toBe(Tokenizer);
  });

  it("reports the same events at the same offsets as htmlparser2's over every corpus body", () => {
    expect(BODIES.length).toBeGreaterThan(600);
    for (const html of BODIES)
      expect(events([html], SkippingTokenizer), html).toEqual(events([html], Tokenizer));
  });

  it('does so written in chunks, an equal chunk twice, undecoded, as XML, and read again after a reset', () => {
    for (const [i, html] of BODIES.entries()) {
      for (const chunks of [cut(html, 3), cut(html, 7), [html.slice(0, 40), html.slice(0, 40)]])
        expect(events(chunks, SkippingTokenizer), html).toEqual(events(chunks, Tokenizer));
      // Read again after a reset: the same chunks, then the next body's.
      const again = [cut(html, 3), cut(BODIES[i + 1] ?? '', 3)];
      const settings = [
        { decodeEntities: false },
        { xmlMode: true },
        ...again.map((a) => ({ again: a })),
      ];
      for (const options of settings)
        expect(events(cut(html, 3), SkippingTokenizer, options), html).toEqual(
          events(cut(html, 3), Tokenizer, options),
        );
    }
  });

  it('searches a chunk read after a reset afresh, where the last one had no `&` or `<`', () => {
    // The last input's searches found nothing up to its end; the new one's first text run
    // starts within that range, at the same offset, with an `&` in it.
    const again = [`<b>cc&amp;${'c'.repeat(20)}`];
    const first = ['a'.repeat(30)];
    expect(events(first, SkippingTokenizer, { again })).toEqual(
      events(first, Tokenizer, { again }),
    );
    expect(events(first, Tokenizer, { again }).join('\n')).toContain('"&"');
  });

  it('does so with a chunk ending at every character of the short edge cases', () => {
    for (const html of EDGES.filter((edge) => edge.length < 200))
      for (let at = 0; at <= html.length; at++) {
        const chunks = [html.slice(0, at), html.slice(at)];
        expect(events(chunks, SkippingTokenizer), `${html} cut at ${at}`).toEqual(
          events(chunks, Tokenizer),
        );
      }
  });
});
