/**
 * Where code that runs in the deployed server (the proxy route, the live loaders) finds the API:
 * explicit options, else the server's own variables. Web platform only: this runs on Cloudflare
 * Workers, Vercel and Netlify functions as well as Node, so nothing here reads `.env` files or
 * loads Vite; the platform's variables reach it through `astro:env` (registered by contentRead()'s
 * middleware), else through `process.env` where the platform has one.
 */
import { KEY_VARIABLE, URL_VARIABLE } from '@content-read/core/web';
import { MissingConnectionError } from './errors.js';

/** Where the loaders find the API. Explicit options win over the environment. */
export interface ConnectionOptions {
  /** Base address of the Content Read API, ending in `/api/v1`. Default: `CONTENT_API_URL`. */
  baseUrl?: string | URL;
  /** The API key (sent as `Authorization: Bearer …`). Default: `CONTENT_API_KEY`. */
  apiKey?: string;
  /**
   * Send the key over `http:` to a host other than this machine, e.g. a service on a private
   * network. Default: false, so a mistyped address never sends the key in clear text.
   */
  allowInsecureHttp?: boolean;
}

export interface Connection {
  baseUrl: string;
  apiKey: string;
}

type ReadVariable = (name: string) => string | undefined;

// Process-wide on purpose: the middleware and the live loaders may be two copies of this package
// in one server bundle, and both must see the reader the middleware registered.
const READER = Symbol.for('@content-read/astro-loader:runtime-variables');
type WithReader = typeof globalThis & { [READER]?: ReadVariable };

/** Called by contentRead()'s middleware with `astro:env/server`'s `getSecret`. */
export function setRuntimeVariables(read: ReadVariable | undefined): void {
  if (read) (globalThis as WithReader)[READER] = read;
  else delete (globalThis as WithReader)[READER];
}

/** A variable of the running server: Astro's view of the platform's env, else `process.env`. */
export function runtimeVariable(name: string): string | undefined {
  const fromAstro = (globalThis as WithReader)[READER]?.(name);
  const fromProcess = (globalThis as { process?: { env?: Record<string, string | undefined> } })
    .process?.env?.[name];
  return nonBlank(fromAstro) ?? nonBlank(fromProcess);
}

/**
 * The connection, or a MissingConnectionError whose one line names what is missing and `fix`
 * (how the caller can set it besides the server's variables).
 */
export function runtimeConnection(
  options: ConnectionOptions,
  where: string,
  fix: (missing: { baseUrl: boolean; apiKey: boolean }) => string,
): Connection {
  const baseUrl = options.baseUrl ? String(options.baseUrl) : runtimeVariable(URL_VARIABLE);
  const apiKey = nonBlank(options.apiKey) ?? runtimeVariable(KEY_VARIABLE);
  if (baseUrl && apiKey) return { baseUrl, apiKey };
  const missing = [!baseUrl && URL_VARIABLE, !apiKey && KEY_VARIABLE].filter(Boolean).join(' and ');
  throw new MissingConnectionError(
    `${where}: missing configuration: set ${missing} in the server's environment (the platform's variables or secrets: .env files are read at build time only)${fix({ baseUrl: !baseUrl, apiKey: !apiKey })}.`,
  );
}

function nonBlank(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}
