import { defaultDataset } from './default-dataset.js';
import { type FaultConfig, FaultInjector } from './faults.js';
import { Handler } from './handler.js';
import { hashKey } from './keys.js';
import { type ListenOptions, listenNode, type RunningServer } from './node-face.js';
import { type RateLimitConfig, RateLimiter } from './rate-limit.js';
import { type MockStats, RequestLog, type RequestRecord } from './request-log.js';
import {
  type ArticleRecord,
  articleRecordSchema,
  B64TOKEN,
  type BlogRecord,
  blogRecordSchema,
  type Dataset,
} from './schema.js';
import { DataStore, type LiveDataset, type StoredKey } from './store.js';
import { validateDataset } from './validate-dataset.js';
import { handleWebRequest } from './web-face.js';

export interface MockServerOptions {
  /** Default: the built-in demo dataset (see README). Validated; a bad one throws DatasetError. */
  dataset?: Dataset;
  faults?: FaultConfig;
  /** Off unless given (section 9). */
  rateLimit?: RateLimitConfig;
  /** Called with one line per request: method, path, status, time. Never the key. */
  log?: (line: string) => void;
  /** How many request records `requests` keeps (newest), default 10 000. */
  requestLogLimit?: number;
}

export interface KeyPatch {
  blog_access_scope?: string[];
  revoked?: boolean;
  name?: string;
  description?: string;
}

export interface MockServer {
  listen(options?: ListenOptions): Promise<RunningServer>;
  handle(request: Request): Promise<Response>;
  /** The live data, sorted by id; change it through the helpers below. Keys appear hashed. */
  readonly dataset: LiveDataset;
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
  setFaults(faults: FaultConfig | undefined): void;
  setRateLimit(rateLimit: RateLimitConfig | undefined): void;
  readonly requests: readonly RequestRecord[];
  readonly stats: MockStats;
  /** Clears the request log and counters (not the dataset). */
  resetStats(): void;
}

export function createMockServer(options: MockServerOptions = {}): MockServer {
  const store = new DataStore(
    validateDataset(options.dataset ?? defaultDataset(), 'createMockServer({ dataset })'),
  );
  const parts = {
    store,
    faults: options.faults ? new FaultInjector(options.faults) : undefined,
    rateLimiter: options.rateLimit ? new RateLimiter(options.rateLimit) : undefined,
  };
  const handler = new Handler(parts);
  const log = new RequestLog(options.requestLogLimit ?? 10_000, options.log);

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

  const server: MockServer = {
    listen: (listenOptions) => listenNode(handler, log, listenOptions),
    handle: (request) => handleWebRequest(handler, log, request),
    get dataset() {
      return store.live;
    },
    updateArticle(id, patch) {
      const before = must(store.articles, 'article', id);
      const next = articleRecordSchema.parse({
        ...before,
        ...patch,
        id,
        updated_at: updated(patch),
      });
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
      const next = articleRecordSchema.parse(article);
      change(
        `addArticle("${article.id}")`,
        () => store.articles.set(next.id, next),
        () => store.articles.delete(next.id),
      );
      return next;
    },
    setArticlePublic: (id, isPublic) => server.updateArticle(id, { public: isPublic }),
    updateBlog(id, patch) {
      const before = must(store.blogs, 'blog', id);
      const next = blogRecordSchema.parse({ ...before, ...patch, id, updated_at: updated(patch) });
      change(
        `updateBlog("${id}")`,
        () => store.blogs.set(id, next),
        () => store.blogs.set(id, before),
      );
      return next;
    },
    setBlogPublic: (id, isPublic) => server.updateBlog(id, { public: isPublic }),
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
    setFaults(faults) {
      parts.faults = faults ? new FaultInjector(faults) : undefined;
    },
    setRateLimit(rateLimit) {
      parts.rateLimiter = rateLimit ? new RateLimiter(rateLimit) : undefined;
    },
    get requests() {
      return log.records;
    },
    get stats() {
      return log.stats;
    },
    resetStats: () => log.reset(),
  };
  return server;
}
