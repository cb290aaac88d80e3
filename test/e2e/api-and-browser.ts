import { createMockServer, type MockServer, type RunningServer } from '@content-read/mock-server';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { listenOnLoopback } from '../support/mock-server.js';

/** What every browser test of this folder works with: the real mock API and headless Chromium. */
export interface ApiAndBrowser {
  mock: MockServer;
  api: RunningServer;
  browser: Browser;
  /** A page opened once the browser is up, when asked for with `page` options. */
  page: Page;
}

/**
 * Starts the mock server (after `prepare`, e.g. adding a key) and Chromium in the describe
 * block's first beforeAll and stops both after its tests. `ready` settles once the browser is
 * up (and the page, with `page` options, open); until then the block's own beforeAll (a build)
 * can run beside the launch.
 */
export function useApiAndBrowser({
  prepare = () => {},
  page,
}: {
  prepare?: (mock: MockServer) => void;
  page?: BrowserContextOptions;
} = {}) {
  const rig = {} as ApiAndBrowser & { ready: Promise<void> };
  beforeAll(async () => {
    rig.mock = createMockServer();
    prepare(rig.mock);
    const launching = launchChromium();
    rig.ready = launching.then(async (browser) => {
      rig.browser = browser;
      if (page) rig.page = await browser.newPage(page);
    });
    // A failed launch is reported by whoever awaits `ready`, not as an unhandled rejection here.
    rig.ready.catch(() => {});
    rig.api = await listenOnLoopback(rig.mock);
  });
  afterAll(async () => {
    await rig.ready?.catch(() => {});
    await rig.browser?.close();
    await rig.api?.close();
  });
  return rig;
}
