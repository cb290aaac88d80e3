import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { blockPool, body, WORDS } from './generated-text.js';
import { mockImageUrl } from './mock-origin.js';
import { createRandom, pick, type Random } from './random.js';
import type {
  ArticleRecord,
  BlogRecord,
  Dataset,
  KeyRecord,
  TeamRecord,
  WorkspaceRecord,
} from './schema.js';

/**
 * Options of `generateDataset` and `writeGeneratedDataset`: the same options give the same
 * bytes.
 */
export interface GenerateOptions {
  /** Same seed, same options → the same bytes. Default 1. */
  seed?: number | string;
  /** Default 1. Blogs are spread over the workspaces round-robin. */
  workspaces?: number;
  /** Default 5; every fifth blog (the 5th, 10th, …) is private. */
  blogs?: number;
  /**
   * How many articles to generate (required; `0` makes none), each in a blog drawn from the
   * seed, published a minute after the one before.
   */
  articles: number;
  /** Approximate size of each article's `html`, in bytes (default 2000). */
  bodyBytes?: number;
  /** Fraction of articles that are private (default 0.1). */
  privateFraction?: number;
}

/** Keys in every generated dataset (b64token strings; the docs list them). */
export const GENERATED_KEYS = {
  full: 'gen-full-access-key',
  scoped: 'gen-two-blogs-key',
  revoked: 'gen-revoked-key',
  otherWorkspace: 'gen-other-workspace-key',
} as const;

const START = Date.parse('2024-01-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const pad = (n: number, width: number) => String(n).padStart(width, '0');

interface Head {
  workspaces: WorkspaceRecord[];
  teams: TeamRecord[];
  keys: KeyRecord[];
  blogs: BlogRecord[];
}

function head(o: Required<GenerateOptions>): Head {
  const workspaces = Array.from({ length: o.workspaces }, (_, i) => ({
    id: `ws_${pad(i + 1, 3)}`,
    name: `Workspace ${i + 1}`,
  }));
  const teams = workspaces.map((w, i) => ({
    id: `team_${pad(i + 1, 3)}`,
    workspace_id: w.id,
    name: `Team ${i + 1}`,
  }));
  const blogs: BlogRecord[] = Array.from({ length: o.blogs }, (_, i) => ({
    id: `blog_${pad(i + 1, 4)}`,
    workspace_id: workspaces[i % workspaces.length]?.id ?? 'ws_001',
    slug: `blog-${i + 1}`,
    name: `Blog ${i + 1}`,
    description: `Generated blog number ${i + 1}.`,
    url: `https://blog-${i + 1}.example.com`,
    language: 'en',
    public: i % 5 !== 4,
    created_at: iso(START),
    updated_at: iso(START),
  }));
  const firstTwo = blogs
    .filter((b) => b.workspace_id === 'ws_001')
    .slice(0, 2)
    .map((b) => b.id);
  const keys: KeyRecord[] = [
    {
      id: 'key_full',
      team_id: 'team_001',
      key: GENERATED_KEYS.full,
      blog_access_scope: [],
      revoked: false,
    },
    {
      id: 'key_scoped',
      team_id: 'team_001',
      key: GENERATED_KEYS.scoped,
      blog_access_scope: firstTwo,
      revoked: false,
    },
    {
      id: 'key_revoked',
      team_id: 'team_001',
      key: GENERATED_KEYS.revoked,
      blog_access_scope: [],
      revoked: true,
    },
  ];
  if (o.workspaces > 1) {
    keys.push({
      id: 'key_other',
      team_id: 'team_002',
      key: GENERATED_KEYS.otherWorkspace,
      blog_access_scope: [],
      revoked: false,
    });
  }
  return { workspaces, teams, keys, blogs };
}

function article(
  i: number,
  random: Random,
  pool: string[],
  o: Required<GenerateOptions>,
  blogs: BlogRecord[],
): ArticleRecord {
  const blog = blogs[Math.floor(random() * blogs.length)] as BlogRecord;
  const title = `${pick(random, WORDS)} ${pick(random, WORDS)} ${i + 1}`;
  const published = iso(START + i * 60_000);
  return {
    id: `art_${pad(i + 1, 7)}`,
    blog_id: blog.id,
    slug: `article-${i + 1}`,
    title,
    excerpt: `Excerpt of article ${i + 1}.`,
    html: body(random, pool, o.bodyBytes),
    authors: [{ name: 'Generated Author', slug: 'generated-author' }],
    tags: [pick(random, WORDS)],
    feature_image: {
      // Served by the mock itself; its placeholder origin becomes the real one (mock-origin.ts).
      url: mockImageUrl(`article-${i + 1}`, 1200, 630),
      alt: null,
      width: 1200,
      height: 630,
    },
    canonical_url: null,
    reading_time: Math.max(1, Math.round(o.bodyBytes / 1500)),
    published_at: published,
    updated_at: published,
    public: random() >= o.privateFraction,
  };
}

function resolve(options: GenerateOptions): Required<GenerateOptions> {
  return {
    seed: options.seed ?? 1,
    workspaces: Math.max(1, options.workspaces ?? 1),
    blogs: Math.max(1, options.blogs ?? 5),
    articles: Math.max(0, options.articles),
    bodyBytes: options.bodyBytes ?? 2000,
    privateFraction: options.privateFraction ?? 0.1,
  };
}

/** All generated articles, one at a time (nothing is kept). */
function* articles(o: Required<GenerateOptions>, blogs: BlogRecord[]): Generator<ArticleRecord> {
  const random = createRandom(o.seed);
  const pool = blockPool(random);
  for (let i = 0; i < o.articles; i++) yield article(i, random, pool, o, blogs);
}

/** A generated dataset in memory. JSON.stringify of it equals what writeGeneratedDataset writes. */
export function generateDataset(options: GenerateOptions): Dataset {
  const o = resolve(options);
  const h = head(o);
  return { ...h, articles: [...articles(o, h.blogs)] };
}

/**
 * Stream a generated dataset as JSON to a file or stream, in bounded memory (articles are written
 * as they are made, honouring back-pressure). Returns the number of bytes written.
 */
export async function writeGeneratedDataset(
  options: GenerateOptions,
  destination: string | Writable,
): Promise<number> {
  const o = resolve(options);
  const h = head(o);
  const out = typeof destination === 'string' ? createWriteStream(destination) : destination;
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  const opening = JSON.stringify(h);
  await write(`${opening.slice(0, -1)},"articles":[`);
  let first = true;
  let chunk = '';
  for (const a of articles(o, h.blogs)) {
    chunk += (first ? '' : ',') + JSON.stringify(a);
    first = false;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(`${chunk}]}`);
  if (typeof destination === 'string') {
    out.end();
    await once(out, 'finish');
  }
  return bytes;
}
