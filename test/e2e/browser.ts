import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { type Browser, chromium } from 'playwright-core';

/**
 * Launches Debian's chromium (the `chromium` package; CI installs it) headless through
 * playwright-core. Host resolution is pinned so that the browser can only reach loopback:
 * images the demo dataset points at elsewhere fail fast instead of leaving the machine.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  // launch() gives every browser a fresh temporary profile (user-data-dir) and removes it on close.
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
}

/** Where screenshots are kept (git-ignored), created on demand. */
export async function artifactsDir(): Promise<string> {
  const dir = new URL('../../test-results/', import.meta.url).pathname;
  await mkdir(dir, { recursive: true });
  return dir;
}
