import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type ChromiumChoice, findChromium, isExecutable } from './find-chromium.js';

const ROOT_MODULES = new URL('../../node_modules/', import.meta.url).pathname;
const CACHE = join(ROOT_MODULES, '.cache/content-read-chromium');

/**
 * Unpacks @sparticuz/chromium's brotli-compressed binary once per installed version, into
 * node_modules/.cache (so `npm ci` starts it afresh with the package). The package unpacks
 * into os.tmpdir(), shared by every checkout on the machine and read half-written by a
 * concurrent run; pointing TMPDIR at a private folder and renaming it into place avoids both.
 */
export async function registryChromium(): Promise<string> {
  const manifest = join(ROOT_MODULES, '@sparticuz/chromium/package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  const target = join(CACHE, version);
  const binary = join(target, 'chromium');
  if (isExecutable(binary)) return binary;

  await mkdir(CACHE, { recursive: true });
  const staging = await mkdtemp(join(CACHE, `${version}.partial-`));
  const previousTmp = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    const { default: Chromium } = await import('@sparticuz/chromium');
    await Chromium.executablePath();
  } finally {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
  }
  try {
    await rename(staging, target);
  } catch {
    // Another run got there first; its copy is complete (it was renamed in whole).
    await rm(staging, { recursive: true, force: true });
  }
  return binary;
}

/** The Chromium this machine's tests use (find-chromium.ts's choice for this process). */
export function chromiumHere(): Promise<ChromiumChoice> {
  return findChromium({
    env: process.env,
    platform: process.platform,
    arch: process.arch,
    isExecutable,
    registryChromium,
  });
}
