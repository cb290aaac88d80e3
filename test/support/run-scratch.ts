/**
 * The run's scratch folder (see run-once.ts), for the global setup of every project whose files
 * share work: one folder for the whole `vitest run`, however many projects ask for it. Global
 * setups run in vitest's own process, each project's from its own copy of this module, so the
 * folder and how many projects hold it are kept on the process, not in the module.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const HELD = Symbol.for('content-read.run-scratch');
type Held = { dir: Promise<string>; holders: number };
const vitestProcess = globalThis as { [HELD]?: Held };

/** Hands the run's scratch folder to `project`'s files; the returned teardown lets go of it. */
export async function provideRunScratch(project: TestProject): Promise<() => Promise<void>> {
  vitestProcess[HELD] ??= { dir: mkdtemp(join(tmpdir(), 'content-read-run-')), holders: 0 };
  const held = vitestProcess[HELD];
  held.holders++;
  const dir = await held.dir;
  project.provide('runScratch', dir);
  return async () => {
    // The last project to end removes it: another may still be running its files.
    if (--held.holders > 0) return;
    delete vitestProcess[HELD];
    await rm(dir, { recursive: true, force: true });
  };
}

/** As a project's `globalSetup` module. */
export default provideRunScratch;
