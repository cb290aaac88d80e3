import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where and how to read `.env` files: Vite's mode (`astro build --mode staging` → `.env.staging`)
 * and `envDir` (Astro's `vite.envDir`, default the project root).
 */
export interface EnvContext {
  mode: string;
  envDir: string;
}

// Process-wide on purpose: Vite may load this package twice (once for astro.config, once inside
// its module graph for an injected route), and both copies must see what the integration learnt.
const CONTEXT = Symbol.for('@content-read/astro-loader:env-context');
type WithContext = typeof globalThis & { [CONTEXT]?: EnvContext };

/** Called by the contentRead() integration once Vite has resolved its mode and envDir. */
export function setEnvContext(context: EnvContext): void {
  (globalThis as WithContext)[CONTEXT] = context;
}

/** Forgets the context (tests; a process that runs several Astro commands). */
export function clearEnvContext(): void {
  delete (globalThis as WithContext)[CONTEXT];
}

/**
 * The mode and envDir of the running Astro command. With the contentRead() integration they are
 * exactly Vite's; without it, the mode comes from `--mode` on the command line, else from
 * NODE_ENV (Astro sets it to `production` for `astro build`, `development` for `astro dev`).
 */
export function envContext(root?: URL | string, envDir?: string | URL): EnvContext {
  const known = (globalThis as WithContext)[CONTEXT];
  if (known) return known;
  const base = root ? toPath(root) : process.cwd();
  return {
    mode: modeFromArgv() ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development'),
    envDir: envDir ? resolve(base, toPath(envDir)) : base,
  };
}

/** `--mode` from the command line: the only sign of it before Vite resolves its config. */
export function modeFromArgv(): string | undefined {
  const args = process.argv;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--mode') return args[i + 1];
    if (arg.startsWith('--mode=')) return arg.slice('--mode='.length);
  }
  return undefined;
}

function toPath(value: URL | string): string {
  return typeof value === 'string' ? value : fileURLToPath(value);
}
