import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AstroSite } from '../../../../test/support/astro-site.js';
import { FULL_KEY, startMock } from '../../../../test/support/mock-server.js';

/** Starts the built standalone server on an ephemeral port and resolves its URL. */
function serve(site: AstroSite, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [join(site.root, 'dist/server/entry.mjs')], {
    cwd: site.root,
    env: { ...env, HOST: '127.0.0.1', PORT: '0' },
  });
  return new Promise<{ url: string; child: ChildProcess }>((resolve, reject) => {
    let output = '';
    const onData = (d: Buffer) => {
      output += d;
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve({ url: match[0], child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => reject(new Error(`server exited: ${output}`)));
  });
}

const text = (html: string, id: string) =>
  new RegExp(`<[a-z0-9]+ id="${id}">([^<]*)<`).exec(html)?.[1];

describe('live loaders in a server-rendered site (@astrojs/node)', { timeout: 120_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  let site: AstroSite;
  const running: ChildProcess[] = [];
  beforeAll(async () => {
    server = await startMock();
    site = await AstroSite.copy(new URL('../fixtures/live', import.meta.url));
    const { code, output } = await site.build(site.env({}));
    if (code !== 0) throw new Error(output);
  });
  afterAll(async () => {
    for (const child of running) child.kill();
    await server?.close();
    await site?.dispose();
  });

  it('loads the collection on each request, filtered by blog, with cache hints', async () => {
    const { url, child } = await serve(
      site,
      site.env({ baseUrl: server.baseUrl, apiKey: FULL_KEY }),
    );
    running.push(child);
    const all = await (await fetch(`${url}/`)).text();
    expect(text(all, 'error')).toBe('');
    expect(text(all, 'count')).toBe('32');
    expect(text(all, 'tags')).toMatch(/^articles,article:art_\d+,blog:blog_0\d/);
    expect(text(all, 'modified')).toMatch(/^\d{4}-\d\d-\d\dT/);
    const design = await (await fetch(`${url}/?blog=northwind-design`)).text();
    const blogs = [...design.matchAll(/data-blog="([^"]+)"/g)].map((m) => m[1]);
    expect(blogs.length).toBeGreaterThan(0);
    expect(new Set(blogs)).toEqual(new Set(['blog_02']));

    server.mock.updateArticle('art_0002', { title: 'Live Title' });
    const entry = await (await fetch(`${url}/articles/art_0002/`)).text();
    expect(text(entry, 'title')).toBe('Live Title');
    expect(entry).toContain('<h2 id="what-comes-next">What comes next</h2>');
    expect(entry).toMatch(
      /<li data-depth="2"><a href="#what-comes-next">What comes next<\/a><\/li>/,
    );
    const bySlug = await (
      await fetch(`${url}/articles/x/?slug=a-type-scale-for-long-reads`)
    ).text();
    expect(text(bySlug, 'title')).toBe('Live Title');
    const missing = await fetch(`${url}/articles/nope/`);
    expect(missing.status).toBe(404);
  });

  it('reports API failures as LiveCollectionError without the key', async () => {
    const { url, child } = await serve(
      site,
      site.env({ baseUrl: server.baseUrl, apiKey: 'demo-revoked-key' }),
    );
    running.push(child);
    const res = await fetch(`${url}/`);
    const html = await res.text();
    expect(res.status).toBe(502);
    expect(text(html, 'error')).toMatch(
      /^LiveCollectionError: Could not load &quot;articles&quot;: the API rejected the key/,
    );
    expect(html).not.toContain('demo-revoked-key');
  });
});
