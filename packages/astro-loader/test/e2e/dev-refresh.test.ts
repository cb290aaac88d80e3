import type { ChildProcess } from 'node:child_process';
import { AstroSite, FIXTURE_SITE } from '@content-read/test-support/astro-site';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dev } from '../helpers/serve.js';

describe('astro dev and the refresh webhook', { timeout: 120_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  let site: AstroSite;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    server = await startMock();
    site = await AstroSite.copy(FIXTURE_SITE);
  });
  afterAll(async () => {
    child?.kill();
    await server?.close();
    await site?.dispose();
  });

  it('a POST to /_content-read/refresh re-syncs and the dev server shows the change', async () => {
    const env = {
      ...site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY }),
      CONTENT_REFRESH_SECRET: 'hook-secret',
    };
    const started = dev(site, env);
    child = started.child;
    const url = await started.ready;
    const before = await (await fetch(`${url}/articles/art_0002/`)).text();
    expect(before).toContain('A Type Scale for Long Reads');

    server.mock.updateArticle('art_0002', { title: 'Refreshed From The CMS' });
    const denied = await fetch(`${url}/_content-read/refresh`, { method: 'POST' });
    expect(denied.status).toBe(401);
    const hook = await fetch(`${url}/_content-read/refresh`, {
      method: 'POST',
      headers: { authorization: 'Bearer hook-secret' },
    });
    expect(hook.status, started.output()).toBe(200);
    expect(await hook.json()).toEqual({ refreshed: true });

    let after = '';
    for (let i = 0; i < 50 && !after.includes('Refreshed From The CMS'); i++) {
      await new Promise((r) => setTimeout(r, 200));
      after = await (await fetch(`${url}/articles/art_0002/`)).text();
    }
    expect(after).toContain('Refreshed From The CMS');
    expect(started.output()).toMatch(/articles: synced 32 entries \(0 new, 1 updated/);
  });
});
