import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Which Chromium the browser tests drive, and why that one. */
export type ChromiumChoice =
  | { ok: true; source: 'env' | 'system' | 'registry'; executablePath: string }
  | { ok: false; message: string };

/** What the resolution looks at; tests pass their own to pin each branch. */
export interface Machine {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  arch: string;
  isExecutable: (path: string) => boolean;
  /** Unpacks the Chromium shipped in @sparticuz/chromium and returns its path. */
  registryChromium: () => Promise<string>;
}

/** Environment variables, documented in the root README (its browser paragraph). */
export const PATH_VARIABLES = ['CONTENT_READ_CHROMIUM_PATH', 'CHROMIUM_PATH'] as const;
export const FORCE_VARIABLE = 'CONTENT_READ_CHROMIUM';

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const SYSTEM_PATHS: Partial<Record<NodeJS.Platform, string[]>> = {
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
  ],
};

/** The registry package ships a Linux x64 binary only (its arm64 build is a separate download). */
export const registryCovers = (platform: string, arch: string) =>
  platform === 'linux' && arch === 'x64';

export const NO_BROWSER_MESSAGE = (platform: string, arch: string) =>
  `No Chromium for the browser tests on ${platform}-${arch}: @sparticuz/chromium ships one for ` +
  'linux-x64 only, and no Chrome or Chromium was found on this machine. Install Google Chrome ' +
  '(https://www.google.com/chrome/) or Chromium, or set CONTENT_READ_CHROMIUM_PATH to a ' +
  'Chrome/Chromium executable.';

/**
 * Order: an explicit path (CONTENT_READ_CHROMIUM_PATH, or the older CHROMIUM_PATH); then a Chrome
 * or Chromium already on the machine; then the one inside @sparticuz/chromium (an npm
 * devDependency, so `npm ci` brings it). CONTENT_READ_CHROMIUM=registry skips the first two, so
 * a machine that has a browser can still test the path a fresh machine takes.
 */
export async function findChromium(machine: Machine): Promise<ChromiumChoice> {
  const { env, platform, arch } = machine;
  const forced = env[FORCE_VARIABLE];
  if (forced !== undefined && forced !== '' && forced !== 'registry') {
    return {
      ok: false,
      message: `${FORCE_VARIABLE}=${forced} is not understood: the only value is 'registry'.`,
    };
  }
  if (forced !== 'registry') {
    for (const name of PATH_VARIABLES) {
      const path = env[name];
      if (!path) continue;
      if (machine.isExecutable(path)) return { ok: true, source: 'env', executablePath: path };
      return {
        ok: false,
        message: `${name} is ${path}, but no executable is there: fix or unset it.`,
      };
    }
    const system = systemCandidates(env, platform).find(machine.isExecutable);
    if (system) return { ok: true, source: 'system', executablePath: system };
  }
  if (!registryCovers(platform, arch))
    return { ok: false, message: NO_BROWSER_MESSAGE(platform, arch) };
  try {
    return { ok: true, source: 'registry', executablePath: await machine.registryChromium() };
  } catch (error) {
    return {
      ok: false,
      message: `The Chromium inside @sparticuz/chromium could not be unpacked (${String(error)}): run \`npm ci\` again, or set CONTENT_READ_CHROMIUM_PATH to a Chrome/Chromium executable.`,
    };
  }
}

function systemCandidates(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  if (platform !== 'linux') return SYSTEM_PATHS[platform] ?? [];
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  return dirs.flatMap((dir) => SYSTEM_NAMES.map((name) => join(dir, name)));
}

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
