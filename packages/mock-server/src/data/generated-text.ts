// The text of generated articles: a few words, drawn into paragraphs and headings.
import { intBetween, pick, type Random } from './random.js';

export const WORDS =
  'light data river signal harbour paper lantern field engine garden window method notebook pattern spring signal layer quiet archive bridge candle compass'.split(
    ' ',
  );

/** Paragraphs and headings made once per seed; bodies are drawn from them, which keeps 100k articles fast. */
export function blockPool(random: Random): string[] {
  return Array.from({ length: 512 }, (_, n) => {
    const words: string[] = [];
    for (let i = intBetween(random, 8, 40); i > 0; i--) words.push(pick(random, WORDS));
    return n % 5 === 0 ? `<h2>${words.slice(0, 3).join(' ')}</h2>` : `<p>${words.join(' ')}.</p>`;
  });
}

export function body(random: Random, pool: string[], bytes: number): string {
  const parts: string[] = [];
  let size = -1; // n parts are joined by n - 1 newlines
  while (size < bytes) {
    const part = pick(random, pool);
    parts.push(part);
    size += part.length + 1;
  }
  return parts.join('\n');
}
