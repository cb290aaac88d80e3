import { KEY_VARIABLE, URL_VARIABLE } from '@content-read/core';
import { parseBaseUrl, redactSecrets } from '@content-read/core/internal';
import { readEnvVariables } from '@content-read/core/internal/node';
import type { Connection, ConnectionOptions } from '../../shared/connection.js';
import { MissingConnectionError } from '../../shared/errors.js';
import { envContext } from './env.js';

export type { Connection, ConnectionOptions } from '../../shared/connection.js';

/**
 * Build time: resolves the connection or throws one message naming what is missing and how to set it.
 * The variables are read as Astro and Vite read them (see config/env.ts): the process
 * environment, then the `.env` files of the mode in envDir, with `${VAR}` expansion.
 */
export async function resolveConnection(
  options: ConnectionOptions,
  root: URL | string | undefined,
  where: string,
  envDir?: string | URL,
): Promise<Connection> {
  const explicitKey = options.apiKey?.trim() || undefined;
  const needed = [
    options.baseUrl ? undefined : URL_VARIABLE,
    explicitKey ? undefined : KEY_VARIABLE,
  ].filter((name): name is string => name !== undefined);
  const context = envContext(root, envDir);
  const env = needed.length ? await readEnvVariables(needed, context) : {};
  const baseUrl = options.baseUrl ? String(options.baseUrl) : env[URL_VARIABLE];
  const apiKey = explicitKey ?? env[KEY_VARIABLE];
  const missing = [!baseUrl && URL_VARIABLE, !apiKey && KEY_VARIABLE].filter(Boolean);
  if (!baseUrl || !apiKey) {
    throw new MissingConnectionError(
      `${where}: missing configuration: set ${missing.join(' and ')} (in the environment, or in .env or .env.${context.mode} in ${context.envDir}), or pass ${[!baseUrl && 'baseUrl', !apiKey && 'apiKey'].filter(Boolean).join(' and ')} to the loader.`,
    );
  }
  try {
    // Checked here, not only by the client, so the one line names the variable it came from.
    const redact = (text: string) => redactSecrets(text, [apiKey]);
    const name = options.baseUrl ? 'the baseUrl option' : URL_VARIABLE;
    parseBaseUrl(baseUrl, options.allowInsecureHttp === true, redact, name);
  } catch (error) {
    throw new MissingConnectionError(`${where}: ${(error as Error).message}`);
  }
  return { baseUrl, apiKey };
}
