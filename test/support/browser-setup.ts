import type { TestProject } from 'vitest/node';
import { chromiumHere } from './registry-chromium.js';
import { provideRunScratch } from './run-scratch.js';

/**
 * Global setup of the cross-package project: finds the browser once per run, says which one,
 * and hands it to the test files (launchChromium() reads it). Not finding one does not stop
 * the run here: each browser test fails with the message, the other tests still run.
 * It also hands its files the run's scratch folder (see run-scratch.ts).
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
  return provideRunScratch(project);
}

const describeSource = (source: 'env' | 'system' | 'registry') =>
  ({
    env: 'the Chromium named by CONTENT_READ_CHROMIUM_PATH/CHROMIUM_PATH',
    system: "this machine's Chrome/Chromium",
    registry: 'the Chromium from the npm package @sparticuz/chromium',
  })[source];
