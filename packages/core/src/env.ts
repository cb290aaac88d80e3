export { KEY_VARIABLE, URL_VARIABLE } from './variables.js';

/**
 * Reads variables as Vite's `loadEnv` does (and so as Astro does): the process environment
 * wins, then `.env.[mode].local`, `.env.[mode]`, `.env.local`, `.env` in envDir, with `${VAR}`
 * expansion. Vite (which every Astro project has) is loaded only when a variable is not in the
 * process environment already; empty values count as unset.
 */
export async function readEnvVariables<const N extends string>(
  names: readonly N[],
  where: { mode: string; envDir: string },
): Promise<Record<N, string | undefined>> {
  const pick = (source: Record<string, string | undefined>) =>
    Object.fromEntries(names.map((name) => [name, nonEmpty(source[name])])) as Record<
      N,
      string | undefined
    >;
  const fromProcess = pick(process.env);
  if (names.every((name) => fromProcess[name] !== undefined)) return fromProcess;
  return pick(await loadAll(where));
}

/** Every variable Vite would load for this mode and envDir (process environment included). */
export async function loadAll(where: {
  mode: string;
  envDir: string;
}): Promise<Record<string, string>> {
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    throw new Error(
      `Reading the .env files in ${where.envDir} needs Vite (Astro installs it); without it, set the variables in the environment.`,
    );
  }
  try {
    return vite.loadEnv(where.mode, where.envDir, '');
  } catch (error) {
    throw new Error(
      `Could not read the .env files in ${where.envDir} (mode "${where.mode}"): ${(error as Error).message}`,
    );
  }
}

/** The trimmed value, or `undefined` for a missing or blank one. */
export function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}
