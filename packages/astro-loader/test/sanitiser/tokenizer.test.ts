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

/** Every event htmlparser2's Parser reports for `chunks`, with its arguments and offsets. */
function events(
  chunks: readonly string[],
  tokenizer: typeof Tokenizer,
  decodeEntities = true,
): string[] {
  const seen: string[] = [];
  let parser: Parser | undefined;
  const handler: Partial<Handler> = {};
  for (const name of EVENTS)
    (handler as Record<string, unknown>)[name] = (...args: unknown[]) =>
      seen.push(JSON.stringify([name, args, parser?.startIndex, parser?.endIndex]));
  parser = new Parser(handler, {
    decodeEntities,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    Tokenizer: tokenizer,
  });
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
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
];

describe('our tokenizer', () => {
  it("skips text and attribute values: it is not htmlparser2's own", () => {
    // Were the steps it replaces missing, it would fall back to htmlparser2's, and the tests
    // below would compare that with itself.
    expect(SkippingTokenizer).not.toBe(Tokenizer);
  });

  it("reports the same events at the same offsets as htmlparser2's over every corpus body", () => {
    const bodies = [...sanitiserCorpus, ...EDGES];
    expect(bodies.length).toBeGreaterThan(600);
    for (const html of bodies)
      expect(events([html], SkippingTokenizer), html).toEqual(events([html], Tokenizer));
  });

  it('does so written in chunks, an equal chunk twice, and with entities left as they are', () => {
    for (const html of [...sanitiserCorpus, ...EDGES]) {
      for (const chunks of [cut(html, 3), cut(html, 7), [html.slice(0, 40), html.slice(0, 40)]])
        expect(events(chunks, SkippingTokenizer), html).toEqual(events(chunks, Tokenizer));
      expect(events([html], SkippingTokenizer, false), html).toEqual(
        events([html], Tokenizer, false),
      );
    }
  });
});
