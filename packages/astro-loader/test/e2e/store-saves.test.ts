import { fileURLToPath } from 'node:url';
import { AstroSite, FIXTURE_SITE, summaryOf } from '@content-read/test-support/astro-site';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const countSaves = fileURLToPath(new URL('../helpers/count-store-saves.mjs', import.meta.url));

/** How many times Astro saved its data store during the run (see count-store-saves.mjs). */
function saves(output: string): number {
  const match = /\[store-saves\] (\d+)/.exec(output);
  if (!match) throw new Error(`no store-saves line in:\n${output}`);
  return Number(match[1]);
}

// Astro saves its whole store 500 ms after its last change, and changes it itself just before
// the loaders run. Responses slower than that must not make it save twice (each save
// re-serialises every entry: about a second at 10,000 articles).
describe('a warm sync slower than Astro’s save delay', { timeout: 120_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  let site: AstroSite;
  let env: NodeJS.ProcessEnv;
  const sync = async () => {
    const run = await site.run('sync', env, { nodeArgs: ['--import', countSaves] });
    expect(run.code, run.output).toBe(0);
    return run;
  };
  beforeAll(async () => {
    server = await startMock();
    site = await AstroSite.copy(FIXTURE_SITE);
    env = site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY });
    await sync(); // cold, at full speed
    server.mock.setFaults({ latencyMs: 1000 });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await site?.dispose();
  });

  it('nothing changed (every page a 304): the store is saved once', async () => {
    const run = await sync();
    expect(summaryOf(run.output, 'articles')).toContain('1 page, 1 not modified (304)');
    expect(saves(run.output)).toBe(1);
  });

  it('one article changed: the store is saved once, with the change', async () => {
    server.mock.updateArticle('art_0002', { title: 'A Type Scale, Saved Once' });
    const run = await sync();
    expect(summaryOf(run.output, 'articles')).toContain('1 updated');
    expect(saves(run.output)).toBe(1);
  });
});
