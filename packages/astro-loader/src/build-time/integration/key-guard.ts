import type { Dirent } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { KEY_VARIABLE } from '@content-read/core';
import { ContentReadSetupError } from '../../shared/errors.js';

/** The option that turns the guard off, named once for every message. */
export const PUBLIC_KEY_OPTION = 'keyIsPublicAndTightlyScoped';

/**
 * Vite gives every variable with a client prefix (`PUBLIC_` in Astro) to client code. The key
 * must not be one: neither `PUBLIC_CONTENT_API_KEY` nor any other prefixed variable holding it.
 */
export function checkPublicVariables(
  env: Record<string, string>,
  prefixes: readonly string[],
  key: string | undefined,
): void {
  const exposed = Object.keys(env).filter(
    (name) =>
      prefixes.some((prefix) => name.startsWith(prefix)) &&
      (name.endsWith(KEY_VARIABLE) || (key !== undefined && env[name]?.trim() === key)),
  );
  if (exposed.length === 0) return;
  throw new ContentReadSetupError(
    `${exposed.join(', ')} would put the API key in client code (variables starting with ${prefixes.join(' or ')} reach the browser): name it ${KEY_VARIABLE} (server-only) and let browsers use contentRead({ proxy }), or, for a deliberately public, tightly scoped key, set contentRead({ ${PUBLIC_KEY_OPTION}: true }).`,
  );
}

/** What the guard prints where a file's name holds the key. */
const REDACTED = `[${KEY_VARIABLE}]`;

/**
 * Every file under `dir` (the client output: pages, scripts, styles, source maps, files copied
 * from public/) whose relative path or contents hold the key, as written or URL/JSON-escaped,
 * named with the key replaced by `[CONTENT_API_KEY]` (a prerendered route whose param is the key
 * is a file named by it). Files are read in chunks that overlap by the key's length, so a large
 * file costs no more memory than a chunk. `undefined` when `dir` does not exist (the build wrote
 * no client output); a directory that cannot be read fails: a guard that scanned nothing must not
 * report the key absent.
 */
export async function filesContainingKey(dir: string, key: string): Promise<string[] | undefined> {
  const forms = [...new Set([key, encodeURIComponent(key), key.replaceAll('/', '\\/')])].sort(
    (a, b) => b.length - a.length,
  );
  const needles = forms.map((form) => Buffer.from(form));
  const longest = Math.max(...needles.map((n) => n.length));
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ContentReadSetupError(
      `The key guard could not read the client output ${dir} (${(error as Error).message}), so it cannot tell whether the API key leaked: fix the directory's permissions and build again.`,
    );
  }
  const redact = (name: string) =>
    forms.reduce((text, form) => text.replaceAll(form, REDACTED), name);
  const found: string[] = [];
  const namedDirectories: string[] = [];
  const toRead: { path: string; name: string }[] = [];
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    const name = relative(dir, path).split(sep).join('/');
    const named = forms.some((form) => name.includes(form));
    if (entry.isDirectory()) {
      if (named) namedDirectories.push(redact(name));
    } else if (named) found.push(redact(name));
    else if (entry.isFile()) toRead.push({ path, name });
  }
  // READERS files at a time, each reader with one buffer for all its files: a site of 10,000
  // pages is read in about a second, not one file (and one buffer) after another.
  let next = 0;
  const reader = async () => {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let file = toRead[next++]; file; file = toRead[next++])
      if (await holds(file.path, needles, longest, chunk)) found.push(redact(file.name));
  };
  await Promise.all(Array.from({ length: READERS }, reader));
  // A directory named by the key shows through its files; an empty one is named itself.
  for (const directory of namedDirectories)
    if (!found.some((file) => file.startsWith(`${directory}/`))) found.push(`${directory}/`);
  return found.sort();
}

/** Files read at once, and the size of each reader's buffer. */
const READERS = 8;
const CHUNK_BYTES = 1 << 20;

/** Whether the file holds a needle; `chunk` is the reader's buffer (only its filled part is read). */
async function holds(
  path: string,
  needles: Buffer[],
  longest: number,
  chunk: Buffer,
): Promise<boolean> {
  const file = await open(path);
  try {
    let carried = 0;
    for (;;) {
      const { bytesRead } = await file.read(chunk, carried, chunk.length - carried);
      const filled = carried + bytesRead;
      const view = chunk.subarray(0, filled);
      if (needles.some((needle) => view.includes(needle))) return true;
      if (bytesRead === 0) return false;
      carried = Math.min(longest - 1, filled);
      chunk.copy(chunk, 0, filled - carried, filled);
    }
  } finally {
    await file.close();
  }
}

/** The guard's failure after a build: names the files (the key in a name replaced), never the key. */
export function keyFoundError(files: string[], dir: string): ContentReadSetupError {
  const shown =
    files.slice(0, 5).join(', ') + (files.length > 5 ? ` and ${files.length - 5} more` : '');
  return new ContentReadSetupError(
    `The API key (${KEY_VARIABLE}) is in the client output (${dir}): ${shown}. Remove it from client code, public/ and the names of files and routes, and fetch through contentRead({ proxy }); for a deliberately public, tightly scoped key set contentRead({ ${PUBLIC_KEY_OPTION}: true }).`,
  );
}
