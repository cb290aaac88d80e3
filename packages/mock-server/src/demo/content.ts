import { mockImageUrl } from '../data/mock-origin.js';
import { createRandom, intBetween, pick, type Random } from '../data/random.js';

// Building blocks for the demo articles' bodies: varied, realistic HTML (headings, paragraphs,
// lists, code, quotes, images, a table), chosen by a seeded random source so the demo is stable.

const SENTENCES = [
  'We started with the smallest version that could possibly work, and let real use tell us what was missing.',
  'The first measurement surprised everyone: most of the time went into waiting, not into work.',
  'A good default is a decision made once, carefully, so that nobody has to make it again under pressure.',
  'Every page we removed made the remaining ones easier to find.',
  'It is tempting to solve the general problem; the specific one usually ships sooner and teaches more.',
  'We wrote the checklist after the third time we forgot the same step.',
  'Readers skim first and read second, so the first sentence of each section has to carry its weight.',
  'The migration took two afternoons, most of which were spent deleting code nobody used.',
  'Naming things well turned out to be most of the design work.',
  'When the build takes a minute, people run it; when it takes ten, they stop.',
  'Caching is only safe when you know exactly what makes an entry stale.',
  'We keep the configuration in the repository, next to the code that reads it.',
  'Small, reversible steps let us change direction without a meeting.',
  'Nobody objected to the new process once it was shorter than the old one.',
  'The hardest bugs lived at the boundaries between systems, not inside them.',
  'Our rule of thumb: if a change needs a long explanation, it probably needs a smaller change.',
  'Accessibility reviews found problems our automated checks had missed for months.',
  'Good error messages say what happened, where, and what to do next.',
  'We measured before and after, and kept the numbers in the pull request.',
  'The prototype was ugly, but it answered the question we actually had.',
  'Typography does more for readability than any amount of decoration.',
  'We retired the old dashboard once the new one had answered every question people asked of it.',
  'Writing the documentation first exposed two features nobody could explain.',
  'Teams that review each other’s work tend to converge on the same good habits.',
  'Most performance problems were repeated work that a little bookkeeping removed.',
  'The quiet weeks after a launch are the best time to pay down the debts it created.',
  'We asked five customers to think aloud while using it, and rewrote the onboarding the next day.',
  'Consistency beats cleverness in a codebase many people touch.',
  'A feature flag let us ship on Tuesday and turn it on when support was ready.',
  'Colour alone should never carry meaning; pair it with text or shape.',
];

const QUOTES = [
  'Make it work, make it right, make it fast — in that order.',
  'The best interface is the one you do not notice.',
  'Simplicity is a prerequisite for reliability.',
  'Write the error message you would want to read at three in the morning.',
  'Content is the reason the page exists; everything else is furniture.',
];

const LIST_ITEMS = [
  'Start from the reader’s question, not from the data model',
  'Keep one concept per file',
  'Measure before optimising',
  'Prefer boring technology for critical paths',
  'Write down the decision and the reason',
  'Review the error states as carefully as the happy path',
  'Automate the step you forgot last time',
  'Delete what nobody uses',
  'Ship behind a flag, then widen the audience',
  'Test on a slow phone and a slow network',
];

const CODE_SAMPLES: [string, string][] = [
  [
    'ts',
    "const articles = await client.listArticles({ blog: 'engineering' });\nfor (const a of articles) {\n  console.log(a.published_at, a.title);\n}",
  ],
  ['sh', 'npm run build && npx astro preview --port 4321'],
  [
    'ts',
    'export function readingTime(words: number): number {\n  // 230 words a minute, never less than one minute\n  return Math.max(1, Math.round(words / 230));\n}',
  ],
  [
    'css',
    ':root {\n  --measure: 68ch;\n}\narticle {\n  max-width: var(--measure);\n  line-height: 1.6;\n}',
  ],
  ['json', '{\n  "cache": "private, no-cache",\n  "etag": true,\n  "retries": 3\n}'],
];

const escapeHtml = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

function paragraph(random: Random): string {
  const n = intBetween(random, 2, 4);
  const parts = new Set<string>();
  while (parts.size < n) parts.add(pick(random, SENTENCES));
  let text = escapeHtml([...parts].join(' '));
  if (random() < 0.3) text = text.replace(/^(\S+ \S+ \S+)/, '<strong>$1</strong>');
  if (random() < 0.25)
    text += ' <a href="https://example.com/further-reading">Further reading</a>.';
  return `<p>${text}</p>`;
}

function list(random: Random): string {
  const tag = random() < 0.5 ? 'ul' : 'ol';
  const items = new Set<string>();
  const n = intBetween(random, 3, 5);
  while (items.size < n) items.add(pick(random, LIST_ITEMS));
  return `<${tag}>${[...items].map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</${tag}>`;
}

function table(random: Random): string {
  const rows = ['Before', 'After', 'Target'].map(
    (label) =>
      `<tr><td>${label}</td><td>${intBetween(random, 80, 1900)} ms</td><td>${intBetween(random, 40, 99)}%</td></tr>`,
  );
  return `<table><thead><tr><th>Measurement</th><th>Median</th><th>Cache hits</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** A figure whose image the mock serves itself, named by its placeholder origin (mock-origin.ts). */
function figure(slug: string, n: number, title: string): string {
  const alt = escapeHtml(`Illustration for “${title}”`);
  return `<figure><img src="${mockImageUrl(`${slug}-${n}`, 960, 540)}" alt="${alt}" width="960" height="540" loading="lazy"><figcaption>${alt}</figcaption></figure>`;
}

/**
 * A talk embedded as CMSes write it (a YouTube iframe in a figure), put before a body's second
 * section: the demo shows what the loader makes of embeds (a privacy-enhanced player).
 */
export function withEmbeddedTalk(html: string, title: string): string {
  const figure = `<figure><iframe width="560" height="315" src="https://www.youtube.com/embed/aqz-KE-bpKQ" title="${escapeHtml(`Talk: ${title}`)}" frameborder="0" allowfullscreen></iframe><figcaption>${escapeHtml(`The talk behind “${title}”`)}</figcaption></figure>`;
  const second = html.indexOf('<h2>', html.indexOf('<h2>') + 1);
  return second === -1
    ? `${html}\n${figure}`
    : `${html.slice(0, second)}${figure}\n${html.slice(second)}`;
}

/**
 * A closing paragraph that links other articles of the workspace, put after the body's last
 * section: the demo shows what the loader makes of links between articles (`articleUrl`).
 */
export function withRelatedReading(html: string, paragraph: string): string {
  return `${html}\n<p>${paragraph}</p>`;
}

/** A whole article body for a demo article. `technical` articles get code blocks. */
export function demoBody(
  slug: string,
  title: string,
  headings: string[],
  technical: boolean,
): string {
  const random = createRandom(`body:${slug}`);
  const out: string[] = [paragraph(random), paragraph(random)];
  headings.forEach((heading, i) => {
    out.push(`<h2>${escapeHtml(heading)}</h2>`, paragraph(random));
    const extra = (i + intBetween(random, 0, 4)) % 5;
    if (extra === 0) out.push(list(random));
    if (extra === 1)
      out.push(`<blockquote><p>${escapeHtml(pick(random, QUOTES))}</p></blockquote>`);
    if (extra === 2) out.push(figure(slug, i, title));
    if (extra === 3 && technical) {
      const [lang, code] = pick(random, CODE_SAMPLES);
      out.push(`<pre><code class="language-${lang}">${escapeHtml(code)}</code></pre>`);
    }
    if (extra === 4)
      out.push(
        `<h3>${escapeHtml(`What we would do differently`)}</h3>`,
        paragraph(random),
        list(random),
      );
    if (i === 1 && random() < 0.4) out.push(table(random));
    out.push(paragraph(random));
  });
  return out.join('\n');
}

export function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
