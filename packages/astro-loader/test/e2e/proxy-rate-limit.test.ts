import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AstroSite } from '@content-read/test-support/astro-site';
import { startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../helpers/serve.js';

const CANARY = 'canary-R4teAstro-do-not-leak';

// With security.allowedDomains, Astro 7 on @astrojs/node reports the leftmost X-Forwarded-For
// as clientAddress whenever the (forwarded) host is allowed: the browser writes that value.
const CONFIG = `import node from '@astrojs/node';
import contentRead from '@content-read/astro-loader';
import { defineConfig } from 'astro/config';

export default defineConfig({
  adapter: node({ mode: 'standalone' }),
  cacheDir: './.cache',
  telemetry: false,
  security: { allowedDomains: [{ hostname: 'site.test' }] },
  integrations: [contentRead({ proxy: { path: '/api/content', rateLimit: { requests: 2 } } })],
});
`;

describe('the rate limit in a built @astrojs/node server with security.allowedDomains', {
  timeout: 180_000,
}, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  let site: AstroSite;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    server = await startMock();
    server.mock.addKey({ id: 'key_canary', team_id: 'team_web', key: CANARY });
    site = await AstroSite.copy(new URL('../fixtures/proxy', import.meta.url));
    await writeFile(join(site.root, 'astro.config.mjs'), CONFIG);
  });
  afterAll(async () => {
    child?.kill();
    await server?.close();
    await site?.dispose();
  });

  it('a limited client does not escape by sending other X-Forwarded-For addresses', async () => {
    const env = site.env({ baseUrl: server.baseUrl, apiKey: CANARY });
    const built = await site.build(env);
    expect(built.code, built.output).toBe(0);
    const started = await serve(site, env);
    child = started.child;
    const status = async (forwardedFor: string) => {
      const response = await fetch(`${started.url}/api/content/blogs`, {
        headers: { 'x-forwarded-host': 'site.test', 'x-forwarded-for': forwardedFor },
      });
      await response.body?.cancel();
      return response.status;
    };
    expect([await status('1.1.1.1'), await status('2.2.2.2'), await status('3.3.3.3')]).toEqual([
      200, 200, 429,
    ]);
    expect(started.output()).toContain('proxy.rateLimit: a request came with no client identity');
    expect(started.output()).not.toContain(CANARY);
  });
});
