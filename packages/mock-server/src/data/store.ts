import { hashKey } from './keys.js';
import { rebaseOrigin } from './mock-origin.js';
import type {
  ArticleRecord,
  BlogRecord,
  TeamRecord,
  ValidDataset,
  WorkspaceRecord,
} from './schema.js';
import { validateDataset } from './validate-dataset.js';
import { VersionedCache } from './versioned-cache.js';

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
 * The server's data: records by id, and views derived from them (sorted lists, keys by hash)
 * made on first use. `version` goes up on every change; every derived view, here and in the
 * scopes and list pages, is a {@link VersionedCache} and is dropped when it does.
 */
export class DataStore {
  version = 0;
  readonly workspaces = new Map<string, WorkspaceRecord>();
  readonly teams = new Map<string, TeamRecord>();
  readonly keys = new Map<string, StoredKey>();
  readonly blogs = new Map<string, BlogRecord>();
  readonly articles = new Map<string, ArticleRecord>();
  readonly #sorted = new VersionedCache<'live', LiveDataset>(() => this.version);
  readonly #keyIndex = new VersionedCache<'byHash', Map<string, StoredKey>>(() => this.version);
  #origin: string | undefined;

  constructor(data: ValidDataset) {
    for (const w of data.workspaces) this.workspaces.set(w.id, w);
    for (const t of data.teams) this.teams.set(t.id, t);
    for (const k of data.keys) {
      const { key, key_sha256, ...rest } = k;
      this.keys.set(k.id, { ...rest, key_sha256: key_sha256 ?? hashKey(key ?? '') });
    }
    for (const b of data.blogs) this.blogs.set(b.id, b);
    for (const a of data.articles) this.articles.set(a.id, a);
  }

  /** The key whose hash matches; the presented key is hashed once and never compared as text. */
  keyForToken(token: string): StoredKey | undefined {
    const byHash = this.#keyIndex.get(
      'byHash',
      () => new Map([...this.keys.values()].map((k) => [k.key_sha256, k])),
    );
    return byHash.get(hashKey(token));
  }

  get live(): LiveDataset {
    return this.#sorted.get('live', () => ({
      workspaces: [...this.workspaces.values()].sort(byId),
      teams: [...this.teams.values()].sort(byId),
      keys: [...this.keys.values()].sort(byId),
      blogs: [...this.blogs.values()].sort(byId),
      articles: [...this.articles.values()].sort(byId),
    }));
  }

  /** The origin the placeholder `MOCK_ORIGIN` has been rewritten to; undefined until then. */
  get origin(): string | undefined {
    return this.#origin;
  }

  /**
   * Rewrite the placeholder origin to the mock's real one in every blog and article, once (see
   * mock-origin.ts); later calls do nothing. Not an edit: nothing is published and no
   * `updated_at` moves, but the version does, so no view made before survives it.
   */
  rebase(origin: string): void {
    if (this.#origin !== undefined) return;
    this.#origin = origin;
    for (const map of [this.blogs, this.articles] as Map<string, unknown>[]) {
      for (const [id, record] of map) {
        const next = rebaseOrigin(record, origin);
        if (next !== record) map.set(id, next);
      }
    }
    this.changed();
  }

  /** A blog or article as the store keeps it: rebased if the origin is known already. */
  place<T extends BlogRecord | ArticleRecord>(record: T): T {
    return this.#origin === undefined ? record : rebaseOrigin(record, this.#origin);
  }

  /** Call after any change: a new version, so every derived view is made again. */
  changed(): void {
    this.version++;
  }

  /** Check the whole dataset still holds together (references, uniqueness) after a change. */
  revalidate(what: string): void {
    const { keys, ...rest } = this.live;
    validateDataset({ ...rest, keys: keys.map((k) => ({ ...k })) }, what);
  }
}
