import type { MockServer } from '@content-read/mock-server';
import { afterAll, beforeAll } from 'vitest';
import { AstroSite, FIXTURE_SITE } from '../../support/astro-site.js';
import { listenOnLoopback, startMock } from '../../support/mock-server.js';

/** What a build-under-failure suite works with. */
export interface ApiAndSite {
  /** `mock`, listening on loopback. */
  baseUrl: string;
  /** An API address where nothing listens (a mock server's, closed): connections are refused. */
  deadUrl: string;
  /** A private copy of the fixture site. */
  site: AstroSite;
}

/** Starts `mock` and copies the fixture site in the describe block's beforeAll; undoes both after. */
export function useApiAndSite(mock: MockServer): ApiAndSite {
  const rig = {} as ApiAndSite;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ baseUrl: rig.baseUrl, close } = await listenOnLoopback(mock));
    const dead = await startMock();
    rig.deadUrl = dead.baseUrl;
    await dead.close();
    rig.site = await AstroSite.copy(FIXTURE_SITE);
  });
  afterAll(async () => {
    await close?.();
    await rig.site?.dispose();
  });
  return rig;
}
