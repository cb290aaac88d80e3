import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { createMockServer, demoKeys } from '@content-read/mock-server';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';

/**
 * Runs the built-in mock Content Read API for `astro dev`, `astro build` and `astro preview`
 * unless `CONTENT_API_URL` and `CONTENT_API_KEY` already name an API (in the environment or a
 * .env file of the project).
 *
 * The server listens on 127.0.0.1, port 0, and its address and a demo key go into
 * `process.env`, where src/content.config.ts and src/live.config.ts read them. It starts in
 * `astro:config:setup`, the first hook every command runs, so it is up before the content
 * layer syncs; the build stops it when done, dev and preview keep it for the life of the process.
 */

interface RunningMock {
  baseUrl: string;
  close(): Promise<void>;
}

// Astro re-runs the config (and this integration) when the dev server restarts: the running
// server is kept on globalThis so a restart reuses it instead of starting a second one.
const RUNNING = Symbol.for('@content-read/playground/mock-api');
type WithRunning = typeof globalThis & { [RUNNING]?: RunningMock };
const shared = globalThis as WithRunning;

/** The demo key the playground reads with: the one whose scope is every public blog. */
function demoKey(): string {
  const key = demoKeys.find((k) => k.name === 'full') ?? demoKeys[0];
  if (!key) throw new Error('The mock server has no demo key; the playground cannot read its API.');
  return key.key;
}

export async function startMockContentApi(
  logger?: Pick<AstroIntegrationLogger, 'info'>,
): Promise<RunningMock> {
  const existing = shared[RUNNING];
  if (existing) return existing;
  const listening = await createMockServer().listen({ host: '127.0.0.1', port: 0 });
  const running: RunningMock = {
    baseUrl: listening.baseUrl,
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
  process.env.CONTENT_API_KEY = demoKey();
  logger?.info(`Mock Content Read API (built-in dataset) at ${listening.baseUrl}`);
  return running;
}

/**
 * The API the user named, if any: in the environment or in the .env files Astro would read
 * (the loaders read those too). Not the mock server this integration started earlier.
 */
export function configuredApiUrl(root: URL, mode: string): string | undefined {
  if (shared[RUNNING]) return undefined;
  const fromFiles: Record<string, string | undefined> = {};
  for (const name of ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`]) {
    const file = new URL(name, root);
    if (existsSync(file)) Object.assign(fromFiles, parseEnv(readFileSync(file, 'utf8')));
  }
  const pick = (name: string) => process.env[name]?.trim() || fromFiles[name]?.trim();
  const url = pick('CONTENT_API_URL');
  return url && pick('CONTENT_API_KEY') ? url : undefined;
}

export function mockContentApi(): AstroIntegration {
  let logger: AstroIntegrationLogger | undefined;
  // Only a server this integration started is stopped by it (the demo script starts its own
  // before building and keeps it for the live route).
  let started: RunningMock | undefined;
  return {
    name: '@content-read/playground-mock-api',
    hooks: {
      'astro:config:setup': async ({ logger: l, config, command }) => {
        logger = l;
        const ownApi = configuredApiUrl(
          config.root,
          command === 'dev' ? 'development' : 'production',
        );
        if (ownApi) {
          l.info(`Reading the Content Read API at ${ownApi}`);
          return;
        }
        const alreadyRunning = shared[RUNNING];
        const running = await startMockContentApi(l);
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
