import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

export const URL_VARIABLE = 'CONTENT_API_URL';
export const KEY_VARIABLE = 'CONTENT_API_KEY';

/** Where the loaders find the API. Explicit options win over the environment. */
export interface ConnectionOptions {
  /** Base address of the Content Read API, ending in `/api/v1`. Default: `CONTENT_API_URL`. */
  baseUrl?: string | URL;
  /** The API key (sent as `Authorization: Bearer …`). Default: `CONTENT_API_KEY`. */
  apiKey?: string;
}

export interface Connection {
  baseUrl: string;
  apiKey: string;
}

/**
 * Reads the variables the way Astro and Vite see them: the process environment first,
 * then `.env.[mode].local`, `.env.[mode]`, `.env.local`, `.env` in the project root.
 * Astro only copies `.env` files into `process.env` late in `astro build` (and never in
 * `astro dev`), after content has synced, so the loader reads the files itself.
 */
export function readEnvironment(root: URL | string | undefined, mode = currentMode()) {
  const files = [`.env.${mode}.local`, `.env.${mode}`, '.env.local', '.env'];
  const fromFiles: Record<string, string> = {};
  if (root) {
    const dir = typeof root === 'string' ? root : fileURLToPath(root);
    for (const file of files.reverse()) Object.assign(fromFiles, readEnvFile(`${dir}/${file}`));
  }
  const pick = (name: string) => nonEmpty(process.env[name]) ?? nonEmpty(fromFiles[name]);
  return { baseUrl: pick(URL_VARIABLE), apiKey: pick(KEY_VARIABLE) };
}

/** Resolves the connection or throws one message naming what is missing and how to set it. */
export function resolveConnection(
  options: ConnectionOptions,
  root: URL | string | undefined,
  where: string,
): Connection {
  const env = readEnvironment(root);
  const baseUrl = options.baseUrl ? String(options.baseUrl) : env.baseUrl;
  const apiKey = nonEmpty(options.apiKey) ?? env.apiKey;
  const missing = [!baseUrl && URL_VARIABLE, !apiKey && KEY_VARIABLE].filter(Boolean);
  if (!baseUrl || !apiKey) {
    throw new Error(
      `${where}: missing configuration: set ${missing.join(' and ')} (in the environment or a .env file in the project root), or pass ${[!baseUrl && 'baseUrl', !apiKey && 'apiKey'].filter(Boolean).join(' and ')} to the loader.`,
    );
  }
  return { baseUrl, apiKey };
}

function currentMode(): string {
  return process.env.NODE_ENV === 'production' ? 'production' : 'development';
}

function readEnvFile(path: string): Record<string, string | undefined> {
  try {
    return parseEnv(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`Could not read ${path}: ${(error as Error).message}`);
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}
