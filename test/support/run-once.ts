/**
 * Work that several test files of one run need alike (packing the tarballs, installing them with
 * astro) done once per `vitest run` and shared: the global setup of the cross-package and deploy
 * projects (run-scratch.ts) makes one scratch folder for the run (removed when the run ends) and
 * hands it to every test file. Test files run in parallel workers, so the first to ask does the
 * work under a lock (a folder made atomically) and the others wait for its result. Outside those
 * projects (no scratch folder), each caller does the work in a temporary folder of its own.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { isAlive } from './process-alive.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** A scratch folder for the whole run, made by test/support/browser-setup.ts. */
    runScratch?: string;
  }
}

const done = new Map<string, Promise<string>>();

/**
 * The folder `make` filled for `name`, made once per run: `make` receives an empty folder to
 * fill. Throws what `make` threw, in every file that waited for it.
 */
export function oncePerRun(name: string, make: (dir: string) => Promise<void>): Promise<string> {
  let result = done.get(name);
  if (!result) {
    result = shared(name, make);
    done.set(name, result);
  }
  return result;
}

function scratch(): string | undefined {
  try {
    return inject('runScratch');
  } catch {
    return undefined; // not inside vitest (e.g. `npm run bench`)
  }
}

async function shared(name: string, make: (dir: string) => Promise<void>): Promise<string> {
  const root = scratch();
  if (!root) {
    const dir = await mkdtemp(join(tmpdir(), `content-read-${name}-`));
    await make(dir);
    return dir;
  }
  const dir = join(root, name);
  const lock = `${dir}.lock`;
  const failed = `${dir}.failed`;
  // The lock stays: whoever made it does the work, everyone else waits for its outcome.
  try {
    await mkdir(lock);
  } catch {
    return waitFor(dir, lock, failed);
  }
  await writeFile(join(lock, 'pid'), String(process.pid));
  const partial = `${dir}.partial`;
  try {
    await mkdir(partial);
    await make(partial);
    await rename(partial, dir);
    return dir;
  } catch (error) {
    await writeFile(failed, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/** Waits for another worker's `make`: its folder, its failure, or its death. */
async function waitFor(dir: string, lock: string, failed: string): Promise<string> {
  for (;;) {
    if (existsSync(dir)) return dir;
    if (existsSync(failed))
      throw new Error(
        `${dir} could not be made (in another test file): ${await readFile(failed, 'utf8')}`,
      );
    const pid = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => ''));
    if (pid > 0 && !isAlive(pid) && !existsSync(dir))
      throw new Error(`The test worker ${pid} making ${dir} died before finishing it; run again.`);
    await sleep(200);
  }
}
