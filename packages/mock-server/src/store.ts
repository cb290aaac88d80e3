import { hashKey } from './keys.js';
import type {
  ArticleRecord,
  BlogRecord,
  TeamRecord,
  ValidDataset,
  WorkspaceRecord,
} from './schema.js';
import { type Scope, ScopeCache } from './scope.js';
import { validateDataset } from './validate-dataset.js';

/** A key as the server holds it: hashed; the clear key is never kept. */
export interface StoredKey {
  id: string;
  team_id: string;
  name?: string | undefined;
  description?: string | undefined;
  key_sha256: string;
  blog_access_scope: string[];
  revoked: boolean;
}

/** The live dataset as the server serves it; `readonly` arrays, sorted by id. */
export interface LiveDataset {
  readonly workspaces: readonly WorkspaceRecord[];
  readonly teams: readonly TeamRecord[];
  readonly keys: readonly StoredKey[];
  readonly blogs: readonly BlogRecord[];
  readonly articles: readonly ArticleRecord[];
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The server's data: records by id, keys by hash, and the derived views (sorted lists, scopes),
 * rebuilt lazily after a change. `version` goes up on every change so cached pages are dropped.
 */
export class DataStore {
  version = 0;
  readonly workspaces = new Map<string, WorkspaceRecord>();
  readonly teams = new Map<string, TeamRecord>();
  readonly keys = new Map<string, StoredKey>();
  readonly blogs = new Map<string, BlogRecord>();
  readonly articles = new Map<string, ArticleRecord>();
  private keyByHash = new Map<string, StoredKey>();
  private sorted: LiveDataset | undefined;
  readonly scopes = new ScopeCache(this);

  constructor(data: ValidDataset) {
    for (const w of data.workspaces) this.workspaces.set(w.id, w);
    for (const t of data.teams) this.teams.set(t.id, t);
    for (const k of data.keys) {
      const { key, key_sha256, ...rest } = k;
      this.keys.set(k.id, { ...rest, key_sha256: key_sha256 ?? hashKey(key ?? '') });
    }
    for (const b of data.blogs) this.blogs.set(b.id, b);
    for (const a of data.articles) this.articles.set(a.id, a);
    this.reindexKeys();
  }

  /** The key whose hash matches; the presented key is hashed once and never compared as text. */
  keyForToken(token: string): StoredKey | undefined {
    return this.keyByHash.get(hashKey(token));
  }

  scopeFor(key: StoredKey): Scope {
    return this.scopes.forKey(key);
  }

  get live(): LiveDataset {
    this.sorted ??= {
      workspaces: [...this.workspaces.values()].sort(byId),
      teams: [...this.teams.values()].sort(byId),
      keys: [...this.keys.values()].sort(byId),
      blogs: [...this.blogs.values()].sort(byId),
      articles: [...this.articles.values()].sort(byId),
    };
    return this.sorted;
  }

  /** Call after any change: bumps the version and drops derived views. */
  changed(): void {
    this.version++;
    this.sorted = undefined;
    this.reindexKeys();
    this.scopes.clear();
  }

  /** Check the whole dataset still holds together (references, uniqueness) after a change. */
  revalidate(what: string): void {
    const { keys, ...rest } = this.live;
    validateDataset({ ...rest, keys: keys.map((k) => ({ ...k })) }, what);
  }

  private reindexKeys(): void {
    this.keyByHash = new Map([...this.keys.values()].map((k) => [k.key_sha256, k]));
  }
}
