import { mkdir } from 'node:fs/promises';
import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';
import type { ChromiumChoice } from './find-chromium.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** Found once per run by test/support/browser-setup.ts. */
    chromium: ChromiumChoice;
  }
}

/**
 * Flags for every browser test. Host resolution is pinned so that the browser can only reach
 * loopback (the demo dataset's images are the mock's own): any URL elsewhere fails fast instead of
 * leaving the machine; background networking and component updates are off for the same reason.
 * (@sparticuz/chromium's own args are for AWS Lambda and turn web security off, which
 * would make the CORS test meaningless, so they are not used.) The zygote stays on: without it
 * every renderer process starts Chromium's binary afresh, which doubled the CPU of the hostile
 * HTML suite (about a thousand pages).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** Launches the run's Chromium headless; fails with what to install when there is none. */
export async function launchChromium(
  choice: ChromiumChoice = inject('chromium'),
  /** Flags for what this browser is used for, after CHROMIUM_ARGS. */
  extraArgs: readonly string[] = [],
): Promise<Browser> {
  if (!choice.ok) throw new Error(choice.message);
  // launch() gives every browser a fresh temporary profile (user-data-dir) and removes it on close.
  return chromium.launch({
    executablePath: choice.executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** Where screenshots are kept (git-ignored), created on demand. */
export async function artifactsDir(): Promise<string> {
  const dir = new URL('../../test-results/', import.meta.url).pathname;
  await mkdir(dir, { recursive: true });
  return dir;
}
