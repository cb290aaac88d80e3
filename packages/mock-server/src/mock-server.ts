import { type DatasetEdits, datasetEdits } from './data/edits.js';
import type { Dataset } from './data/schema.js';
import { DataStore, type LiveDataset } from './data/store.js';
import { validateDataset } from './data/validate-dataset.js';
import { defaultDataset } from './demo/default-dataset.js';
import { type FaultConfig, FaultInjector } from './http/faults.js';
import { Handler } from './http/handler.js';
import { type ListenOptions, listenNode, type RunningServer } from './http/node-face.js';
import { type RateLimitConfig, RateLimiter } from './http/rate-limit.js';
import { type MockStats, RequestLog, type RequestRecord } from './http/request-log.js';
import { handleWebRequest } from './http/web-face.js';

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

/** The mock server: its two faces, the live data and the edits and faults tests apply to it. */
export interface MockServer extends DatasetEdits {
  listen(options?: ListenOptions): Promise<RunningServer>;
  handle(request: Request): Promise<Response>;
  /** The live data, sorted by id; change it through the edits (`updateArticle` …). Keys appear hashed. */
  readonly dataset: LiveDataset;
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

  const server: MockServer = {
    listen: (listenOptions) => listenNode(handler, log, listenOptions),
    handle: (request) => handleWebRequest(handler, log, request),
    get dataset() {
      return store.live;
    },
    ...datasetEdits(store),
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
