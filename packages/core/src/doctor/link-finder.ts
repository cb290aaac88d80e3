/**
 * The loader's link finder, loaded from the site: `@content-read/astro-loader` depends on core,
 * so core never imports it statically. It is resolved as the site's own code would resolve it,
 * from the project directory (node_modules up from there, workspaces and pnpm links included),
 * so the links are found by the loader version the site builds with.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FindBrokenLinks } from './link-contract.js';

const LOADER = '@content-read/astro-loader';
const ENTRY = './doctor';

/** Why the finder could not be loaded: a message of one line that says what to install. */
export class LinkFinderMissing extends Error {
  override readonly name = 'LinkFinderMissing';
}

/** `findBrokenLinks` of the loader installed for the project in `dir`. */
export async function loadLinkFinder(dir: string): Promise<FindBrokenLinks> {
  // The file need not exist: createRequire only takes where resolution starts from.
  const require = createRequire(join(resolve(dir), 'package.json'));
  let manifestPath: string;
  try {
    // The loader's package.json is exported; its entries are `import` only, so `require.resolve`
    // of the entry itself would fail even where it is installed.
    manifestPath = require.resolve(`${LOADER}/package.json`);
  } catch {
    throw new LinkFinderMissing(
      `--links reads bodies as ${LOADER} does: install it in this project (npm install ${LOADER}), or run the doctor in your site's directory (or point --env-dir at it).`,
    );
  }
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
    version?: string;
    exports?: Record<string, { import?: string } | string>;
  };
  const entry = manifest.exports?.[ENTRY];
  const file = typeof entry === 'object' ? entry.import : undefined;
  const outdated = new LinkFinderMissing(
    `--links needs a ${LOADER} that finds links for the doctor; this project has ${manifest.version ?? 'an unknown version'}: update it (npm install ${LOADER}@latest).`,
  );
  if (file === undefined) throw outdated;
  const module = (await import(pathToFileURL(join(dirname(manifestPath), file)).href)) as {
    findBrokenLinks?: unknown;
  };
  if (typeof module.findBrokenLinks !== 'function') throw outdated;
  return module.findBrokenLinks as FindBrokenLinks;
}
