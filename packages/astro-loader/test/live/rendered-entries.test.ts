import { describe, expect, it } from 'vitest';
import { RenderedEntries, stringBytes } from '../../src/server/live/rendered-entries.js';
import { hash53 } from '../../src/shared/hash.js';

const article = (id: string, html: string, updated_at = '2025-01-01T00:00:00Z') => ({
  id,
  updated_at,
  html,
});
const make = async (a: ReturnType<typeof article>) => ({
  data: { id: a.id },
  rendered: { html: a.html },
});
type Made = Awaited<ReturnType<typeof make>>;

describe('RenderedEntries', () => {
  it('counts what V8 holds: one byte a Latin-1 character, two otherwise', async () => {
    expect(stringBytes('café')).toBe(4);
    expect(stringBytes('naïve – “quoted”')).toBe(32);
    const entries = new RenderedEntries<Made>(1_000_000);
    await entries.entries([article('a', 'x'.repeat(1000))], make);
    const ascii = entries.bytes;
    const wide = new RenderedEntries<Made>(1_000_000);
    await wide.entries([article('a', '€'.repeat(1000))], make);
    expect(wide.bytes - ascii).toBe(1000);
  });

  it('makes an entry again only when the article changed, even under the same updated_at', async () => {
    const entries = new RenderedEntries<Made>(1_000_000);
    let made = 0;
    const counting = (a: ReturnType<typeof article>) => {
      made++;
      return make(a);
    };
    await entries.entries([article('a', '<p>one</p>'), article('b', '<p>two</p>')], counting);
    await entries.entries([article('a', '<p>one</p>'), article('b', '<p>two</p>')], counting);
    expect(made).toBe(2);
    const [changed] = await entries.entries([article('a', '<p>One</p>')], counting);
    expect([made, changed?.rendered.html]).toEqual([3, '<p>One</p>']);
  });

  it('hash53 is stable and tells strings apart', () => {
    expect(hash53('{"id":"a"}')).toBe(hash53('{"id":"a"}'));
    const seen = new Set(Array.from({ length: 10_000 }, (_, i) => hash53(`{"id":"art_${i}"}`)));
    expect(seen.size).toBe(10_000);
  });
});
