import { type DatasetEdits, datasetEdits } from './data/edits.js';
import { originOf } from './data/mock-origin.js';
import { PublishNotifier, type PublishWebhook } from './data/publish-webhook.js';
import type { Dataset } from './data/schema.js';
import { DataStore, type LiveDataset } from './data/store.js';
import { validateDataset } from './data/validate-dataset.js';
import { defaultDataset } from './demo/default-dataset.js';
import { type FaultConfig, FaultInjector } from './http/faults.js';
import { Handler } from './http/handler.js';
import { ImageRoute } from './http/image-route.js';
import { type ListenOptions, listenNode, type RunningServer } from './http/node-face.js';
import { type RateLimitConfig, RateLimiter } from './http/rate-limit.js';
import { type MockStats, RequestLog, type RequestRecord } from './http/request-log.js';
import { handleWebRequest } from './http/web-face.js';

/** Options of `createMockServer` (and of `createMswHandlers` when it is given no server). */
export interface MockServerOptions {
  /** Default: the built-in demo dataset (its keys and blogs: the mock server page of the docs). Validated; a bad one throws DatasetError. */
  dataset?: Dataset;
  /**
   * Faults to inject (latency, 429, 500, 503, connection resets, truncated JSON, stalls), drawn
   * from a seeded sequence per route, on the API routes only; `setFaults()` changes them at run
   * time. Default: none.
   */
  faults?: FaultConfig;
  /** Off unless given (section 9). */
  rateLimit?: RateLimitConfig;
  /** Called with one line per request: method, path, status, time. Never the key. */
  log?: (line: string) => void;
  /** How many request records `requests` (and paths `imageRequests`) keeps (newest), default 10 000. */
  requestLogLimit?: number;
  /**
   * The origin the datasets' placeholder `http://content-read-mock.invalid` is rewritten to
   * (e.g. `http://localhost:4010` for a server bound to 0.0.0.0 in a container). Default: the
   * origin of the first `listen()`'s `baseUrl`, or of the first request `handle()` receives,
   * whichever comes first.
   */
  origin?: string;
  /** A site's publish webhook, told of every edit (see `publishTo`). Default: none. */
  publishWebhook?: PublishWebhook;
}

/** The mock server: its two faces, the live data and the edits and faults tests apply to it. */
export interface MockServer extends DatasetEdits {
  listen(options?: ListenOptions): Promise<RunningServer>;
  handle(request: Request): Promise<Response>;
  /** The live data, sorted by id; change it through the edits (`updateArticle` …). Keys appear hashed. */
  readonly dataset: LiveDataset;
  setFaults(faults: FaultConfig | undefined): void;
  setRateLimit(rateLimit: RateLimitConfig | undefined): void;
  /** The API requests (not the image requests), oldest first. */
  readonly requests: readonly RequestRecord[];
  readonly stats: MockStats;
  /**
   * The paths (and queries) of the requests to the image route, `/images/<seed>/<w>x<h>.png`,
   * newest last: these are not API requests, so they are never in `requests` or `stats`.
   */
  readonly imageRequests: readonly string[];
  /**
   * The origin the datasets' placeholder origin `http://content-read-mock.invalid` has been
   * rewritten to (their image URLs name it); undefined until the mock listens or is first asked.
   */
  readonly origin: string | undefined;
  /** Clears the request log and counters, and `imageRequests` (not the dataset). */
  resetStats(): void;
  /**
   * Tell this site's publish webhook (`contentRead({ publish })`) of every edit from now on:
   * `{"articles":[id]}` for an article, `{"blogs":[id]}` for a blog, `{"all":true}` for a key.
   * `undefined` stops it.
   */
  publishTo(webhook: PublishWebhook | undefined): void;
  /** Resolves once every publish call made so far has been answered (or has failed). */
  published(): Promise<void>;
}

/**
 * Makes a mock Content Read API over a dataset (the demo one by default); it serves nothing until
 * `listen()` or `handle()`. Throws a DatasetError when the dataset is not valid, and an Error
 * when `origin` is not an http or https URL.
 */
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
  const images = new ImageRoute(options.requestLogLimit ?? 10_000, options.log);
  // The datasets name the mock by a placeholder origin until its own is known (see
  // data/mock-origin.ts): the first origin learnt, before any request is answered, replaces it.
  const learnOrigin = (origin: string) => {
    if (store.origin === undefined && /^https?:/.test(origin)) store.rebase(origin);
  };
  if (options.origin !== undefined)
    learnOrigin(originOf(options.origin, 'createMockServer({ origin })'));

  const publishing = new PublishNotifier(options.log);
  publishing.target = options.publishWebhook;
  const edits = notifyingEdits(datasetEdits(store), publishing);
  const server: MockServer = {
    listen: (listenOptions) =>
      listenNode({ handler, log, images, edits, onListening: learnOrigin }, listenOptions),
    handle: (request) =>
      handleWebRequest({ handler, log, images, onRequest: learnOrigin }, request),
    get dataset() {
      return store.live;
    },
    ...edits,
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
    get imageRequests() {
      return images.requests;
    },
    get origin() {
      return store.origin;
    },
    resetStats: () => {
      log.reset();
      images.reset();
    },
    publishTo(webhook) {
      publishing.target = webhook;
    },
    published: () => publishing.settled(),
  };
  return server;
}

/** The edits, each followed by a publish call naming what it changed (once it succeeded). */
function notifyingEdits(edits: DatasetEdits, publishing: PublishNotifier): DatasetEdits {
  const article = <T>(id: string, result: T) => {
    publishing.notify({ articles: [id] });
    return result;
  };
  const blog = <T>(id: string, result: T) => {
    publishing.notify({ blogs: [id] });
    return result;
  };
  const everything = <T>(result: T) => {
    publishing.notify({ all: true });
    return result;
  };
  return {
    updateArticle: (id, patch) => article(id, edits.updateArticle(id, patch)),
    deleteArticle: (id) => article(id, edits.deleteArticle(id)),
    addArticle: (record) => article(record.id, edits.addArticle(record)),
    setArticlePublic: (id, isPublic) => article(id, edits.setArticlePublic(id, isPublic)),
    updateBlog: (id, patch) => blog(id, edits.updateBlog(id, patch)),
    setBlogPublic: (id, isPublic) => blog(id, edits.setBlogPublic(id, isPublic)),
    // What a key reads can change anything on the site.
    updateKey: (id, patch) => everything(edits.updateKey(id, patch)),
    addKey: (key) => edits.addKey(key),
  };
}
