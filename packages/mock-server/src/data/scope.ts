import type { ArticleRecord, BlogRecord } from './schema.js';
import type { DataStore, StoredKey } from './store.js';
import { VersionedCache } from './versioned-cache.js';

/** What one key may read (the API contract §3), precomputed and shared by keys that see the same. */
export interface Scope {
  /** Small number naming this visible set; keys with the same visible blogs share it. */
  serial: number;
  blogs: BlogRecord[];
  articles: ArticleRecord[];
  /** Visible blogs by id and by slug, for the `blog` query parameter. */
  blogByRef: Map<string, BlogRecord>;
  articlesOfBlog(blogId: string): ArticleRecord[];
}

/** The scope of each key, made on first use and kept until the store's data changes. */
export class ScopeCache {
  readonly #byKey: VersionedCache<string, Scope>;
  readonly #bySignature: VersionedCache<string, Scope>;
  #nextSerial = 1;

  constructor(private readonly store: DataStore) {
    this.#byKey = new VersionedCache(() => store.version);
    this.#bySignature = new VersionedCache(() => store.version);
  }

  forKey(key: StoredKey): Scope {
    return this.#byKey.get(key.id, () => {
      const blogs = visibleBlogs(this.store, key);
      const signature = blogs.map((b) => b.id).join('\u0000');
      return this.#bySignature.get(signature, () =>
        buildScope(this.#nextSerial++, blogs, this.store.live.articles),
      );
    });
  }
}

/**
 * The key's team fixes the workspace. Empty scope: every public blog there; otherwise the listed
 * blogs that are public and in that workspace. Anything else is invisible.
 */
export function visibleBlogs(store: DataStore, key: StoredKey): BlogRecord[] {
  const workspaceId = store.teams.get(key.team_id)?.workspace_id;
  if (workspaceId === undefined) return [];
  const listed = key.blog_access_scope.length > 0 ? new Set(key.blog_access_scope) : undefined;
  return store.live.blogs.filter(
    (b) => b.workspace_id === workspaceId && b.public && (listed === undefined || listed.has(b.id)),
  );
}

function buildScope(serial: number, blogs: BlogRecord[], all: readonly ArticleRecord[]): Scope {
  const ids = new Set(blogs.map((b) => b.id));
  const articles = all.filter((a) => a.public && ids.has(a.blog_id));
  const blogByRef = new Map<string, BlogRecord>();
  for (const b of blogs) blogByRef.set(b.slug, b);
  for (const b of blogs) blogByRef.set(b.id, b); // an id wins over another blog's equal slug
  const perBlog = new Map<string, ArticleRecord[]>();
  return {
    serial,
    blogs,
    articles,
    blogByRef,
    articlesOfBlog(blogId) {
      let list = perBlog.get(blogId);
      if (list === undefined) {
        list = articles.filter((a) => a.blog_id === blogId);
        perBlog.set(blogId, list);
      }
      return list;
    },
  };
}
