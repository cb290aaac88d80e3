import { describe, expect, it } from 'vitest';
import { dangers } from '../../../../test/reliability/support/unsafe-output.js';
import { payloads } from '../../../../test/reliability/support/xss-corpus.js';
import { publicCorpus } from '../../../../test/reliability/support/xss-public.js';
import { feedHtml } from '../../src/body/feed/feed-html.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';
import { realWorldBodies } from '../sanitiser/real-world-bodies.js';
import { all, attr, feedProblems, parse, squash, textOf } from './feed-dom.js';

const SITE = 'https://site.example/';
const PAGE = 'https://site.example/articles/a1/';

/**
 * The hostile corpus (our payloads, the public suites' and every event handler: the corpus the
 * sanitiser is tested against in a browser) through the feed step: sanitised first, as entries
 * hold bodies, and raw too, as if the step were all there was.
 */
describe('feed HTML of the hostile corpus', () => {
  const corpus = [...payloads, ...publicCorpus.map((p) => p.html)];

  it('holds the whole corpus', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(900);
  });

  it('writes no script, handler or javascript: URL from a sanitised payload', () => {
    const found: Record<number, string[]> = {};
    corpus.forEach((payload, i) => {
      const body = renderArticleHtml(payload, {
        base: i % 2 ? 'https://old-cms.example/' : undefined,
      });
      const html = feedHtml(body.html, { base: PAGE, site: SITE, embeds: body.embeds });
      const problems = [...dangers(html), ...feedProblems(html)];
      if (/^(?:javascript|vbscript):/im.test(urls(html))) problems.push('javascript: URL');
      if (problems.length) found[i] = problems;
    });
    expect(found).toEqual({});
  });

  it('writes none from a raw payload either (the step trusts no input)', () => {
    const found: Record<number, string[]> = {};
    corpus.forEach((payload, i) => {
      const html = feedHtml(payload, { base: PAGE, site: SITE });
      const problems = [...dangers(html), ...feedProblems(html)];
      if (/^(?:javascript|vbscript):/im.test(urls(html))) problems.push('javascript: URL');
      // Its own output read again is the same (balanced: nothing re-parses into something else).
      if (feedHtml(html, { base: PAGE, site: SITE }) !== html) problems.push('not stable');
      if (problems.length) found[i] = problems;
    });
    expect(found).toEqual({});
  });
});

/** Every URL attribute's value of the HTML as a browser reads its scheme (no whitespace), one a line. */
function urls(html: string): string {
  return all(html)
    .flatMap((e) =>
      Object.entries(e.attribs)
        .filter(([name]) => /^(?:href|src|srcset|poster|cite|action|formaction|data)$/.test(name))
        // biome-ignore lint/suspicious/noControlCharactersInRegex: as browsers skip them
        .map(([, value]) => value.replace(/[\u0000-\u0020\u007f]/g, '')),
    )
    .join('\n');
}

interface Body {
  cms: string;
  expect: { text?: string[]; relativeUrls?: string[] };
}

const bodies = realWorldBodies<Body>();
/** The old CMS's address, for bodies with relative URLs (as real-world.test.ts sanitises them). */
const BASE = 'https://old-cms.example/';

/** The providers' pages an embed's link may go to (else the player URL itself). */
const PAGE_HOSTS = new Set([
  'www.youtube.com',
  'vimeo.com',
  'codepen.io',
  'open.spotify.com',
  'w.soundcloud.com',
  'www.loom.com',
]);

describe('feed HTML of the real CMS bodies', () => {
  it('keeps every image of the sanitised body (same URL, absolute) and links every embed', () => {
    const kept: string[] = [];
    const lost: Record<string, unknown> = {};
    let images = 0;
    let embeds = 0;
    for (const body of bodies) {
      const relative = Boolean(body.expect.relativeUrls?.length);
      const sanitised = renderArticleHtml(body.html, relative ? { base: BASE } : {});
      const html = feedHtml(sanitised.html, {
        base: PAGE,
        site: SITE,
        embeds: sanitised.embeds,
      });
      const problems: unknown[] = feedProblems(html);
      // Images: each of the body's, by its URL made absolute against the page, in body order.
      const before = attr(sanitised.html, 'img', 'src').map((src) =>
        src.startsWith('data:') ? src.trim() : new URL(src, PAGE).href,
      );
      const after = attr(html, 'img', 'src');
      images += before.length;
      if (JSON.stringify(after) !== JSON.stringify(before))
        problems.push({ images: { before, after } });
      // Embeds: no iframe left, a link to the page of each (or its player) in its place.
      const players = attr(sanitised.html, 'iframe', 'src');
      embeds += players.length;
      if (attr(html, 'iframe', 'src').length) problems.push('an iframe is left');
      const links = attr(html, 'a', 'href');
      const linksBefore = attr(sanitised.html, 'a', 'href');
      const added = links.filter(
        (href) => !linksBefore.some((b) => new URL(b, PAGE).href === href),
      );
      for (const player of players) {
        const linked = added.some(
          (href) => href === player || PAGE_HOSTS.has(new URL(href).hostname),
        );
        if (!linked) problems.push({ embed: player, added });
      }
      if (added.length < players.length) problems.push({ players, added });
      // What the reader should see of the source is there still.
      const text = squash(textOf(parse(html)));
      for (const phrase of body.expect.text ?? [])
        if (!text.includes(squash(phrase))) problems.push({ text: phrase });
      if (feedHtml(html, { base: PAGE, site: SITE }) !== html) problems.push('not stable');
      if (problems.length) lost[body.name] = problems;
      else kept.push(body.name);
    }
    expect(lost).toEqual({});
    expect(kept.length).toBe(bodies.length);
    expect(bodies.length).toBeGreaterThanOrEqual(100);
    // The corpus has both to keep.
    expect(images).toBeGreaterThan(50);
    expect(embeds).toBeGreaterThan(5);
  });
});
