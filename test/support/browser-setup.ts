import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumHere } from './registry-chromium.js';

/**
 * Global setup of the cross-package project: finds the browser once per run, says which one,
 * and hands it to the test files (launchChromium() reads it). Not finding one does not stop
 * the run here: each browser test fails with the message, the other tests still run.
 * It also makes the run's scratch folder (see run-once.ts), removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const choice = await chromiumHere();
  const line = choice.ok
    ? `Browser tests use ${describeSource(choice.source)}: ${choice.executablePath}`
    : `Browser tests have no browser: ${choice.message}`;
  // The summary reporter repeats it beside the closing count line.
  process.env.CONTENT_READ_BROWSER_USED = line;
  process.stdout.write(`${line}\n`);
  project.provide('chromium', choice);
  const scratch = await mkdtemp(join(tmpdir(), 'content-read-run-'));
  project.provide('runScratch', scratch);
  return () => rm(scratch, { recursive: true, force: true });
}

const describeSource = (source: 'env' | 'system' | 'registry') =>
  ({
    env: 'the Chromium named by CONTENT_READ_CHROMIUM_PATH/CHROMIUM_PATH',
    system: "this machine's Chrome/Chromium",
    registry: 'the Chromium from the npm package @sparticuz/chromium',
  })[source];
