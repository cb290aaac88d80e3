import { createHash } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readEnvVariables } from '@content-read/core/internal/node';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { astroEnvContext } from './astro-env.js';
import { loadDataset } from './data/load-dataset.js';
import type { Dataset } from './data/schema.js';
import { demoKeys } from './demo/default-dataset.js';
import { createMockServer, type MockServer } from './mock-server.js';

/** Options of `mockContentApi()`: the dataset and key the mock serves, and where it listens. */
export interface MockContentApiOptions {
  /** A dataset file (relative to the project root) or object; default: the built-in demo dataset. */
  dataset?: string | Dataset;
  /** The key the site reads with. Default `demo-full-access-key`; required with your own dataset. */
  key?: string;
  /**
   * Default: 4010 (the CLI's) when it is free, else any free port. A port that stays the same
   * keeps the demo dataset's image URLs, which name it, the same from one build to the next, so
   * that an incremental build copies the pages of unchanged articles.
   */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Also take edits over HTTP (`PATCH /__mock/articles/<id>`): see `listen({ editable })`. */
  editable?: boolean;
}

/**
 * The mock that `mockContentApi()` started: its API base URL, the mock server itself, and
 * `close()`, which stops it and unsets `CONTENT_API_URL` and `CONTENT_API_KEY`.
 */
export interface RunningMockContentApi {
  baseUrl: string;
  /** The running mock: its edits, and `publishTo()` a site's publish webhook. */
  mock: MockServer;
  close(): Promise<void>;
}

const PREFERRED_PORT = 4010;

// Astro re-runs the config (and so this integration) when the dev server restarts: the running
// server is kept on globalThis so that a restart reuses it instead of starting a second one.
const RUNNING = Symbol.for('@content-read/mock-server/astro');
const shared = globalThis as typeof globalThis & { [RUNNING]?: RunningMockContentApi };

/** Starts the mock (or returns the one already running) and points CONTENT_API_* at it. */
export async function startMockContentApi(
  options: MockContentApiOptions & { root?: URL } = {},
  logger?: Pick<AstroIntegrationLogger, 'info'>,
): Promise<RunningMockContentApi> {
  const existing = shared[RUNNING];
  if (existing) return existing;
  const key = options.key ?? defaultKey(options.dataset);
  const root = options.root ?? pathToFileURL(`${process.cwd()}/`);
  const dataset =
    typeof options.dataset === 'string'
      ? await loadDataset(fileURLToPath(new URL(options.dataset, root)))
      : options.dataset;
  if (dataset && options.key !== undefined) checkKey(dataset, options.key, options.dataset);
  const mock = createMockServer({ dataset });
  const listenOn = (port: number) =>
    mock.listen({ host: options.host ?? '127.0.0.1', port, editable: options.editable === true });
  const listening =
    options.port !== undefined
      ? await listenOn(options.port)
      : await listenOn(PREFERRED_PORT).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EADDRINUSE') throw error;
          return listenOn(0);
        });
  const running: RunningMockContentApi = {
    baseUrl: listening.baseUrl,
    mock,
    async close() {
      if (shared[RUNNING] !== running) return;
      delete shared[RUNNING];
      delete process.env.CONTENT_API_URL;
      delete process.env.CONTENT_API_KEY;
      await listening.close();
    },
  };
  shared[RUNNING] = running;
  process.env.CONTENT_API_URL = listening.baseUrl;
  process.env.CONTENT_API_KEY = key;
  const what = options.dataset === undefined ? 'built-in demo dataset' : 'your dataset';
  logger?.info(`Mock Content Read API (${what}) at ${listening.baseUrl}`);
  return running;
}

/**
 * Fails at once, naming the option, when `key` is none of the dataset's keys: else every sync
 * of the site would be refused with a 401 that points at CONTENT_API_KEY, which the site never set.
 */
function checkKey(dataset: Dataset, key: string, given: MockContentApiOptions['dataset']): void {
  const sha256 = createHash('sha256').update(key).digest('hex');
  const usable = dataset.keys.filter((k) => !k.revoked);
  if (usable.some((k) => k.key === key || k.key_sha256 === sha256)) return;
  const which = typeof given === 'string' ? `"${given}"` : 'the dataset given';
  const ids = usable.map((k) => k.id).join(', ') || 'none';
  throw new Error(
    `mockContentApi({ dataset, key }): the key is none of the keys ${which} defines (their ids: ${ids}), so every sync would be refused with 401: give key the value of one of them.`,
  );
}

function defaultKey(dataset: MockContentApiOptions['dataset']): string {
  if (dataset !== undefined) {
    throw new Error(
      'mockContentApi({ dataset }): also give `key`, one of the keys your dataset defines, for the site to read with.',
    );
  }
  const full = demoKeys.find((k) => k.name === 'full') ?? demoKeys[0];
  if (!full) throw new Error('The built-in dataset has no demo key.');
  return full.key;
}

/**
 * The API the user named, if any: in the environment or the .env files Vite loads for this mode
 * from envDir (as the loaders read them). Not a mock server this module started.
 */
export async function configuredApiUrl(where: {
  mode: string;
  envDir: string;
}): Promise<string | undefined> {
  if (shared[RUNNING]) return undefined;
  const found = await readEnvVariables(['CONTENT_API_URL', 'CONTENT_API_KEY'], where);
  return found.CONTENT_API_KEY ? found.CONTENT_API_URL : undefined;
}

/**
 * Returns an Astro integration that runs the mock Content Read API (`@content-read/mock-server`)
 * for `astro dev`, `astro build` and `astro preview`, unless `CONTENT_API_URL` and
 * `CONTENT_API_KEY` already name an API (in the environment or the project's .env files).
 *
 * It starts in `astro:config:setup`, the first hook every command runs, so the server is up
 * before the content layer syncs, and puts its address and a key into `process.env`, where the
 * loaders read them. A build stops it when done; dev and preview keep it for the process's life.
 */
export function mockContentApi(options: MockContentApiOptions = {}): AstroIntegration {
  let logger: AstroIntegrationLogger | undefined;
  // Only a server this integration started is stopped by it (a script may start its own
  // before building and keep it, as the playground's demo does for its live route).
  let started: RunningMockContentApi | undefined;
  return {
    name: '@content-read/mock-server/astro',
    hooks: {
      'astro:config:setup': async ({ logger: l, config, command }) => {
        logger = l;
        const ownApi = await configuredApiUrl(astroEnvContext(config, command));
        if (ownApi) {
          l.info(`Reading the Content Read API at ${ownApi}`);
          return;
        }
        const alreadyRunning = shared[RUNNING];
        const running = await startMockContentApi({ ...options, root: config.root }, l);
        if (running !== alreadyRunning) started = running;
      },
      'astro:build:done': async () => {
        if (!started) return;
        await started.close();
        started = undefined;
        logger?.info('Mock Content Read API stopped');
      },
    },
  };
}
