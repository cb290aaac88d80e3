import { mockImageUrl } from '../data/mock-origin.js';
import { createRandom, pick } from '../data/random.js';
import type { ArticleRecord, BlogRecord, Dataset } from '../data/schema.js';
import { type BlogSpec, DEMO_BLOGS } from './blogs.js';
import { demoBody, plainText, withEmbeddedTalk, withRelatedReading } from './content.js';
import { DEMO_HEADINGS, DEMO_TITLES } from './titles.js';

/** The demo article whose body embeds a talk (a YouTube iframe, as CMSes write them). */
const EMBED_SLUG = 'benchmarking-honestly';

/** A demo blog's own URL (its `url`): `https://<slug, its first - a dot>.example.com`. */
const blogUrl = (slug: string) => `https://${slug.replace('-', '.')}.example.com`;
const ENGINEERING = blogUrl('northwind-engineering');
const DESIGN = blogUrl('northwind-design');

/**
 * Demo articles that link to others of their workspace, in each form a CMS writes, in a closing
 * paragraph (by slug): by the target's `canonical_url`, with a #fragment naming one of its
 * headings (the id the loader gives it: `user-content-` and the heading's slug); by its blog's
 * `url` and a dated WordPress-style path ending in its slug; by a path relative to its blog
 * (`relativeTo: 'blog'`); to another blog's article; and to a private article, which a site
 * cannot link to (a broken link).
 */
const RELATED_READING: Record<string, string> = {
  // art_0034, Northwind Engineering: three articles of its own blog.
  'pagination-without-surprises': [
    `Related reading: a cursor pairs well with <a href="${ENGINEERING}/a-practical-guide-to-conditional-requests/#user-content-details-that-mattered">conditional requests</a>, which let a client skip the pages it already has;`,
    ` <a href="${ENGINEERING}/2024/05/what-we-learned-running-postgres-on-small-machines/">what we learned running Postgres on small machines</a> is why we page by key, not by offset;`,
    ` and <a href="/observability-on-a-budget/">observability on a budget</a> is how we watch it in production.`,
  ].join(''),
  // art_0007, Northwind Engineering: an article of Northwind Design, and a private draft.
  'a-practical-guide-to-conditional-requests': [
    `Conditional requests matter most on a poor connection: our designers show what readers see while a page loads in <a href="${DESIGN}/designing-for-slow-networks/">Designing for Slow Networks</a>.`,
    ` The numbers behind our own build cache will be in <a href="${ENGINEERING}/how-we-cut-our-build-times-in-half/">How We Cut Our Build Times in Half</a>.`,
  ].join(''),
};

const ANCHOR = Date.parse('2026-11-01T09:00:00Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** The demo keys: each shows one scope rule of the API contract §3. */
export const demoKeys = [
  {
    name: 'full',
    id: 'key_full',
    team: 'team_web',
    key: 'demo-full-access-key',
    scope: [] as string[],
    revoked: false,
    description:
      'Northwind, empty scope: every public Northwind blog (engineering, design, news) and their public articles.',
  },
  {
    name: 'two-blogs',
    id: 'key_two_blogs',
    team: 'team_web',
    key: 'demo-two-blogs-key',
    scope: ['blog_01', 'blog_02'],
    revoked: false,
    description: 'Northwind, scoped to engineering and design: those two blogs only.',
  },
  {
    name: 'private-scope',
    id: 'key_private_scope',
    team: 'team_ops',
    key: 'demo-private-scope-key',
    scope: ['blog_03', 'blog_04'],
    revoked: false,
    description:
      'Northwind, scope names news and the private internal blog: sees news only (a private blog is never visible).',
  },
  {
    name: 'revoked',
    id: 'key_revoked',
    team: 'team_web',
    key: 'demo-revoked-key',
    scope: [],
    revoked: true,
    description: 'Revoked: every protected request gets 401 invalid_token.',
  },
  {
    name: 'other-workspace',
    id: 'key_lumen',
    team: 'team_lumen',
    key: 'demo-other-workspace-key',
    scope: [],
    revoked: false,
    description: 'Lumen Labs, empty scope: the two Lumen blogs; nothing of Northwind.',
  },
].map(({ name, id, team, key, scope, revoked, description }) => ({
  name,
  id,
  team,
  key,
  scope,
  revoked,
  description,
}));

/**
 * The built-in demo dataset: two workspaces, six blogs (one private), sixty articles. A fresh copy
 * each call. Its images (feature images, figures in bodies) are the mock's own
 * (`/images/<seed>/<w>x<h>.png`), named by the placeholder origin `MOCK_ORIGIN`, which a running
 * mock rewrites to its real origin.
 */
export function defaultDataset(): Dataset {
  const random = createRandom('content-read-demo');
  const drafts: ArticleRecord[] = [];
  for (const blog of DEMO_BLOGS) {
    const titles = DEMO_TITLES[blog.slug] ?? [];
    titles.forEach((title, i) => {
      drafts.push(article(blog, title, i, titles.length, random));
    });
  }
  // Ids in creation (publication) order, as the API assigns them.
  drafts.sort((a, b) => a.published_at.localeCompare(b.published_at));
  const articles = drafts.map((a, i) =>
    Object.assign(a, { id: `art_${String(i + 1).padStart(4, '0')}` }),
  );
  const blogs: BlogRecord[] = DEMO_BLOGS.map((b, i) => ({
    id: b.id,
    workspace_id: b.workspace,
    slug: b.slug,
    name: b.name,
    description: b.description,
    url: blogUrl(b.slug),
    language: b.language,
    public: b.public,
    created_at: iso(ANCHOR - (400 - i * 3) * DAY),
    updated_at: iso(ANCHOR - (10 + i) * DAY),
  }));
  return {
    workspaces: [
      { id: 'ws_northwind', name: 'Northwind Studio' },
      { id: 'ws_lumen', name: 'Lumen Labs' },
    ],
    teams: [
      { id: 'team_web', workspace_id: 'ws_northwind', name: 'Web' },
      { id: 'team_ops', workspace_id: 'ws_northwind', name: 'Operations' },
      { id: 'team_lumen', workspace_id: 'ws_lumen', name: 'Lab' },
    ],
    keys: demoKeys.map((k) => ({
      id: k.id,
      team_id: k.team,
      name: k.name,
      description: k.description,
      key: k.key,
      blog_access_scope: k.scope,
      revoked: k.revoked,
    })),
    blogs,
    articles,
  };
}

function article(
  blog: BlogSpec,
  title: string,
  i: number,
  count: number,
  random: () => number,
): ArticleRecord {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const headings = [...DEMO_HEADINGS]
    .sort(() => random() - 0.5)
    .slice(0, 3 + Math.floor(random() * 2));
  const body = demoBody(slug, title, headings, blog.technical);
  const talk = slug === EMBED_SLUG ? withEmbeddedTalk(body, title) : body;
  const related = RELATED_READING[slug];
  const html = related ? withRelatedReading(talk, related) : talk;
  const words = plainText(html).split(' ').length;
  const firstParagraph = plainText(html.slice(0, html.indexOf('</p>')));
  const published =
    ANCHOR - Math.floor(((count - i) / count) * 360 * DAY) + Math.floor(random() * 20) * 3_600_000;
  const edited = random() < 0.3 ? published + Math.floor(random() * 20) * DAY : published;
  const author = pick(random, blog.authors);
  const coAuthor = random() < 0.2 ? pick(random, blog.authors) : author;
  const authors = [...new Set([author, coAuthor])].map((name) => ({
    name,
    slug: name.toLowerCase().replace(/[^a-z]+/g, '-'),
  }));
  const tags = [...new Set([pick(random, blog.tags), pick(random, blog.tags)])];
  return {
    id: '', // assigned once all articles are in publication order
    blog_id: blog.id,
    slug,
    title,
    excerpt:
      firstParagraph.length > 160 ? `${firstParagraph.slice(0, 157).trimEnd()}…` : firstParagraph,
    html,
    authors,
    tags,
    feature_image:
      i % 6 === 5
        ? null
        : {
            // Served by the mock itself; its placeholder origin becomes the real one (mock-origin.ts).
            url: mockImageUrl(slug, 1200, 630),
            alt: `Cover image for “${title}”`,
            width: 1200,
            height: 630,
          },
    canonical_url: `${blogUrl(blog.slug)}/${slug}/`,
    reading_time: Math.max(1, Math.round(words / 230)),
    published_at: iso(published),
    updated_at: iso(Math.min(edited, ANCHOR)),
    // Drafts: every seventh article of a public blog is private; the internal blog has a public one too.
    public: blog.public ? (i + blog.slug.length) % 7 !== 0 : i % 2 === 0,
  };
}
