import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { AstroSite, repoRoot } from '@content-read/test-support/astro-site';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn(process.execPath, args, { cwd, env });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => done({ code, output }));
  });
}

describe('types seen by a site', { timeout: 120_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  let site: AstroSite;
  beforeAll(async () => {
    server = await startMock();
    site = await AstroSite.copy(new URL('../fixtures/types', import.meta.url));
  });
  afterAll(async () => {
    await server?.close();
    await site?.dispose();
  });

  it("CollectionEntry<'articles'>['data'] is fully typed and an extended schema adds its fields", async () => {
    const env = site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY });
    const sync = await run(
      [join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'sync'],
      site.root,
      env,
    );
    expect(sync.code, sync.output).toBe(0);
    const tsc = await run(
      [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'],
      site.root,
      env,
    );
    expect(tsc.code, tsc.output).toBe(0);
  });
});
