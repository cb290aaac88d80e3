import { B64TOKEN } from '@content-read/core/internal';
import { hashKey } from './keys.js';
import {
  type ArticleRecord,
  articleRecordSchema,
  type BlogRecord,
  blogRecordSchema,
} from './schema.js';
import type { DataStore, StoredKey } from './store.js';

/**
 * The changes `updateKey()` can make to an API key: its blog scope (`[]`: every public blog of
 * its workspace), whether it is revoked, its name and description.
 */
export interface KeyPatch {
  blog_access_scope?: string[];
  revoked?: boolean;
  name?: string;
  description?: string;
}

/** The changes a test can make to the live data; each is checked against the whole dataset. */
export interface DatasetEdits {
  updateArticle(id: string, patch: Partial<ArticleRecord>): ArticleRecord;
  deleteArticle(id: string): void;
  addArticle(article: ArticleRecord): ArticleRecord;
  setArticlePublic(id: string, isPublic: boolean): ArticleRecord;
  updateBlog(id: string, patch: Partial<BlogRecord>): BlogRecord;
  setBlogPublic(id: string, isPublic: boolean): BlogRecord;
  updateKey(id: string, patch: KeyPatch): void;
  addKey(key: {
    id: string;
    team_id: string;
    key: string;
    blog_access_scope?: string[];
    revoked?: boolean;
  }): void;
}

export function datasetEdits(store: DataStore): DatasetEdits {
  /** Apply a change, then check the whole dataset; on a problem, undo and throw. */
  const change = (what: string, apply: () => unknown, undo: () => unknown): void => {
    apply();
    store.changed();
    try {
      store.revalidate(what);
    } catch (problem) {
      undo();
      store.changed();
      throw problem;
    }
  };
  const must = <T>(map: Map<string, T>, kind: string, id: string): T => {
    const found = map.get(id);
    if (found === undefined) throw new Error(`No ${kind} with id "${id}" in the mock dataset.`);
    return found;
  };
  const updated = (patch: { updated_at?: string }) =>
    patch.updated_at ??
    new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z');

  const edits: DatasetEdits = {
    updateArticle(id, patch) {
      const before = must(store.articles, 'article', id);
      const next = store.place(
        articleRecordSchema.parse({ ...before, ...patch, id, updated_at: updated(patch) }),
      );
      change(
        `updateArticle("${id}")`,
        () => store.articles.set(id, next),
        () => store.articles.set(id, before),
      );
      return next;
    },
    deleteArticle(id) {
      const before = must(store.articles, 'article', id);
      change(
        `deleteArticle("${id}")`,
        () => store.articles.delete(id),
        () => store.articles.set(id, before),
      );
    },
    addArticle(article) {
      if (store.articles.has(article.id))
        throw new Error(`An article with id "${article.id}" already exists.`);
      const next = store.place(articleRecordSchema.parse(article));
      change(
        `addArticle("${article.id}")`,
        () => store.articles.set(next.id, next),
        () => store.articles.delete(next.id),
      );
      return next;
    },
    setArticlePublic: (id, isPublic) => edits.updateArticle(id, { public: isPublic }),
    updateBlog(id, patch) {
      const before = must(store.blogs, 'blog', id);
      const next = store.place(
        blogRecordSchema.parse({ ...before, ...patch, id, updated_at: updated(patch) }),
      );
      change(
        `updateBlog("${id}")`,
        () => store.blogs.set(id, next),
        () => store.blogs.set(id, before),
      );
      return next;
    },
    setBlogPublic: (id, isPublic) => edits.updateBlog(id, { public: isPublic }),
    updateKey(id, patch) {
      const before = must(store.keys, 'key', id);
      const next: StoredKey = { ...before, ...patch, id };
      change(
        `updateKey("${id}")`,
        () => store.keys.set(id, next),
        () => store.keys.set(id, before),
      );
    },
    addKey(key) {
      if (store.keys.has(key.id)) throw new Error(`A key with id "${key.id}" already exists.`);
      if (!B64TOKEN.test(key.key)) {
        throw new Error(
          `addKey("${key.id}"): the key must be a b64token (A-Z a-z 0-9 - . _ ~ + / then =*).`,
        );
      }
      const stored: StoredKey = {
        id: key.id,
        team_id: key.team_id,
        key_sha256: hashKey(key.key),
        blog_access_scope: key.blog_access_scope ?? [],
        revoked: key.revoked ?? false,
      };
      change(
        `addKey("${key.id}")`,
        () => store.keys.set(key.id, stored),
        () => store.keys.delete(key.id),
      );
    },
  };
  return edits;
}
