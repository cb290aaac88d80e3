import { describe, expect, it } from 'vitest';
import { samplesOf } from './doc-samples.js';
import { compose } from './doc-site.js';

/** Two pages' samples of one file: the quickstart's, then a guide's. */
function twoVersions(first: string, meta: string, second: string) {
  const quickstart = samplesOf('quickstart.md', `\`\`\`js title="a.mjs"\n${first}\`\`\`\n`);
  const guide = samplesOf('guide.md', `\`\`\`js title="a.mjs"${meta}\n${second}\`\`\`\n`);
  return compose([...quickstart, ...guide]);
}

describe('compose(): the docs as one site', () => {
  it('takes a later version whole, its added and changed lines marked', () => {
    const site = twoVersions('one\ntwo\n', ' ins={2-3}', 'one\nTWO\nthree\n');
    expect(site.problems).toEqual([]);
    expect(site.files['a.mjs']).toBe('one\nTWO\nthree\n');
    expect(site.history['a.mjs']).toEqual(['quickstart.md:1', 'guide.md:1']);
  });

  it('reports a line a later version drops without replacing it', () => {
    const { problems } = twoVersions('one\ntwo\nthree\n', '', 'one\nthree\n');
    expect(problems).toEqual([
      'guide.md:3: a.mjs drops "two" (shown at quickstart.md:1): show the file whole, as the pages before it leave it, or mark the sample variant',
    ]);
  });

  it('reports an added line left unmarked, and a mark on a line that was there', () => {
    const { problems } = twoVersions('one\n', ' ins={1}', 'one\ntwo\n');
    expect(problems).toEqual([
      'guide.md:3: a.mjs adds or changes "two": mark it in ins={…}',
      "guide.md:2: a.mjs's line 1 is marked ins={…} but was there before (quickstart.md:1)",
    ]);
  });

  it('leaves variants out of the site', () => {
    const site = twoVersions('one\n', ' variant', 'other\n');
    expect(site.problems).toEqual([]);
    expect(site.files['a.mjs']).toBe('one\n');
  });
});
