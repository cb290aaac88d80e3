/**
 * Incremental builds that keep `dist/` (`experimental.incrementalBuild` with
 * `vite: { build: { emptyOutDir: false } }`): Astro then leaves each unchanged page where it is
 * instead of emptying `dist/` and copying every page back from its cache (the performance page,
 * B9), but it never removes the page of a path it no longer builds, such as a deleted article's.
 * This does: the pages each build wrote are listed in cacheDir, and those of the last build that
 * this one did not write are deleted from `dist/`.
 */
import { mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const LIST = 'content-read-built-pages.json';

/** Whether a build keeps `dist/` between incremental builds, so this integration must prune it. */
export function keepsDist(config: {
  experimental?: { incrementalBuild?: boolean };
  vite?: { build?: { emptyOutDir?: boolean | null } };
}): boolean {
  return (
    config.experimental?.incrementalBuild === true && config.vite?.build?.emptyOutDir === false
  );
}

/**
 * Deletes from `dir` (the client output) the pages the last build wrote and this one did not,
 * and lists this build's pages for the next; returns the paths deleted, relative to `dir`.
 * `assets` is Astro's map of each route to the files it wrote (`astro:build:done`).
 */
export async function removeDroppedPages(
  dir: URL,
  cacheDir: URL,
  assets: ReadonlyMap<string, URL[]>,
): Promise<string[]> {
  const root = fileURLToPath(dir);
  const built = new Set(
    [...assets.values()].flat().map((file) => relative(root, fileURLToPath(file))),
  );
  const listFile = fileURLToPath(new URL(LIST, cacheDir));
  const before = JSON.parse(await readFile(listFile, 'utf8').catch(() => '[]')) as unknown;
  const dropped = (Array.isArray(before) ? before : []).filter(
    (path): path is string => typeof path === 'string' && inside(path) && !built.has(path),
  );
  for (const path of dropped) {
    await rm(join(root, path), { force: true });
    await removeEmptyFolders(root, dirname(path));
  }
  await mkdir(dirname(listFile), { recursive: true });
  await writeFile(listFile, JSON.stringify([...built].filter(inside).sort()));
  return dropped;
}

/** A path relative to the output folder that stays inside it. */
const inside = (path: string) =>
  path !== '' && !isAbsolute(path) && !path.split(/[\\/]/).includes('..');

/** Removes `folder` (relative to `root`) and its parents while they are empty. */
async function removeEmptyFolders(root: string, folder: string): Promise<void> {
  for (let at = folder; at !== '.' && at !== ''; at = dirname(at)) {
    try {
      await rmdir(join(root, at));
    } catch {
      return; // not empty (or gone): the folders above it are not empty either
    }
  }
}
