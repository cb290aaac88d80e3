import type { ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AstroSite, type BuildResult } from '@content-read/test-support/astro-site';
import { startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dev, serve } from '../helpers/serve.js';

const CANARY = 'canary-Int3gr8-do-not-leak';
const PROXY = { proxy: { path: '/api/content' } };
/** Vite's envDir of the .env case, relative to the site's root; the decoys of the root. */
const ENV_DIR = 'config/env';
const DECOY_URL = 'http://127.0.0.1:9/decoy-from-the-root/api/v1';
const DECOY_KEY = 'decoy-key-from-the-root';

/** Everything a response shows: status line, headers, body. */
async function exposed(response: Response): Promise<string> {
  return `${response.status} ${JSON.stringify([...response.headers])} ${await response.text()}`;
}

// Every build has its own copy of the site (the cases that only run the proxy build share one),
// so the cases, and independent builds within a case, run at once.
describe.concurrent('contentRead() in real Astro builds', { timeout: 300_000 }, () => {
  let server: Awaited<ReturnType<typeof startMock>>;
  const sites: AstroSite[] = [];
  const running: ChildProcess[] = [];
  beforeAll(async () => {
    server = await startMock();
    server.mock.addKey({ id: 'key_canary', team_id: 'team_web', key: CANARY });
  });
  afterAll(async () => {
    for (const child of running) child.kill();
    await server?.close();
    for (const site of sites) await site.dispose();
  });
  async function site(
    options: object,
    extraEnv: NodeJS.ProcessEnv = {},
    args: string[] = [],
    connection: { baseUrl?: string; apiKey?: string } = { baseUrl: server.baseUrl, apiKey: CANARY },
  ) {
    const made = await AstroSite.copy(new URL('../fixtures/proxy', import.meta.url));
    sites.push(made);
    const env = {
      ...made.env(connection),
      FIXTURE_INTEGRATION_OPTIONS: JSON.stringify(options),
      ...extraEnv,
    };
    return { made, env, build: () => made.build(env, args) };
  }
  /** The site built with the proxy: one build serves every case that only runs its server. */
  let proxySite:
    | Promise<{ made: AstroSite; env: NodeJS.ProcessEnv; built: BuildResult }>
    | undefined;
  const builtWithProxy = () => {
    proxySite ??= site(PROXY).then(async ({ made, env, build }) => ({
      made,
      env,
      built: await build(),
    }));
    return proxySite;
  };

  // The longest case (two builds, two servers) first.
  it('reads .env files like Vite at build (--mode, envDir, expansion); the server reads its own environment', async () => {
    const origin = new URL(server.baseUrl).origin;
    /**
     * The site with its .env files in a folder of their own, Vite's envDir (`ENV_DIR`), and
     * `leak` in public/leak.txt. The root holds decoys that would be read if envDir were
     * ignored: another key, also as a PUBLIC_ variable, and an API address where nothing answers.
     */
    const withEnvFiles = async (leak: string) => {
      const { made, build } = await site(
        PROXY,
        { FIXTURE_ENV_DIR: ENV_DIR },
        ['--mode', 'staging'],
        {},
      );
      const envDir = join(made.root, ENV_DIR);
      await mkdir(envDir, { recursive: true });
      await writeFile(join(envDir, '.env'), 'CONTENT_API_KEY=wrong-mode-key\n');
      await writeFile(
        join(envDir, '.env.staging'),
        `API_ORIGIN=${origin}\nCONTENT_API_URL=\${API_ORIGIN}/api/v1\nCONTENT_API_KEY=${CANARY}\n`,
      );
      // Read at config setup, before Vite loads envDir into process.env: a PUBLIC_ key variable
      // there fails the build at once, so the integration must have read envDir, not the root.
      const decoy = `CONTENT_API_URL=${DECOY_URL}\nCONTENT_API_KEY=${DECOY_KEY}\nPUBLIC_CONTENT_API_KEY=${DECOY_KEY}\n`;
      await writeFile(join(made.root, '.env'), decoy);
      await writeFile(join(made.root, '.env.staging'), decoy);
      await mkdir(join(made.root, 'public'), { recursive: true });
      await writeFile(join(made.root, 'public/leak.txt'), leak);
      return { made, build };
    };
    const [leaking, clean] = await Promise.all([
      withEnvFiles(CANARY),
      withEnvFiles('nothing secret'),
    ]);
    const made = clean.made;
    const [leaked, built] = await Promise.all([leaking.build(), clean.build()]);
    // The key guard knew the key from envDir's .env.staging, and neither build read the root's.
    for (const run of [leaked, built]) expect(run.output).not.toContain('PUBLIC_CONTENT_API_KEY');
    expect(leaked.code).not.toBe(0);
    expect(leaked.output).toMatch(/is in the client output .*: leak\.txt/);
    expect(built.code, built.output).toBe(0);
    // The URL the server was built with is envDir's, expanded; no decoy reached the build.
    const serverCode = [...(await made.files('dist/server')).values()].join('\n');
    expect(serverCode).toContain(`${origin}/api/v1`);
    for (const decoy of [DECOY_URL, DECOY_KEY]) expect(serverCode).not.toContain(decoy);
    // The built server never reads .env files: the key is a secret of its environment.
    const bare = await serve(made, made.env({}));
    running.push(bare.child);
    const refused = await fetch(`${bare.url}/api/content/blogs`);
    expect(refused.status).toBe(500);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'proxy_not_configured',
    );
    expect(bare.output()).toContain(
      "Content proxy: missing configuration: set CONTENT_API_KEY in the server's environment",
    );
    bare.child.kill();
    // With the key in its environment, the URL is the build's (a public astro:env variable,
    // from .env.staging with its expansion), and the live loader in the same server reads both.
    const started = await serve(made, made.env({ apiKey: CANARY }));
    running.push(started.child);
    const response = await fetch(`${started.url}/api/content/blogs`);
    expect(response.status, started.output()).toBe(200);
    const live = await (await fetch(`${started.url}/live`)).text();
    expect(live).toContain('<p id="error"></p>');
    expect(live).toContain('<p id="count">32</p>');
  });

  it('serves the proxy from the built @astrojs/node server; the canary key shows nowhere', async () => {
    const { made, env, built } = await builtWithProxy();
    expect(built.code, built.output).toBe(0);
    expect(built.output).toContain('key guard: the API key is in no file of the client output');
    expect(built.output).not.toContain(CANARY);
    const started = await serve(made, env);
    running.push(started.child);
    const blogs = await fetch(`${started.url}/api/content/blogs`);
    expect(blogs.status).toBe(200);
    expect(((await blogs.clone().json()) as { data: unknown[] }).data).toHaveLength(3);
    const page = await fetch(`${started.url}/api/content/articles?per_page=4`, {
      headers: { authorization: 'Bearer not-this-one', cookie: 'a=b' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('link')).toMatch(/^<\/api\/content\/articles\?/);
    const etag = page.headers.get('etag') ?? '';
    const notModified = await fetch(`${started.url}/api/content/articles?per_page=4`, {
      headers: { 'if-none-match': etag },
    });
    expect(notModified.status).toBe(304);
    const bad = await fetch(`${started.url}/api/content/articles?search=x`);
    expect(bad.status).toBe(400);
    // Same-origin: Astro's own origin check answers 403 to a cross-site POST/PUT first.
    const post = await fetch(`${started.url}/api/content/articles`, {
      method: 'POST',
      headers: { origin: started.url },
    });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const put = await fetch(`${started.url}/api/content/blogs`, {
      method: 'PUT',
      headers: { origin: started.url },
    });
    expect(put.status).toBe(405);
    const all = [blogs, page, notModified, bad, post, put].map((r) => exposed(r));
    expect((await Promise.all(all)).join('\n')).not.toContain(CANARY);
    expect(await made.allOutput()).not.toContain(CANARY);
    expect(started.output()).not.toContain(CANARY);
  });

  it('astro dev: the proxy answers, and contentRead({ refresh }) takes a POST from loopback', async () => {
    const { made, env } = await site({ ...PROXY, refresh: true });
    const started = dev(made, env);
    running.push(started.child);
    const url = await started.ready;
    const blogs = await fetch(`${url}/api/content/blogs`);
    expect(blogs.status, started.output()).toBe(200);
    expect(await exposed(blogs)).not.toContain(CANARY);
    const hook = await fetch(`${url}/_content-read/refresh`, { method: 'POST' });
    expect(hook.status, started.output()).toBe(200);
    expect(await hook.json()).toEqual({ refreshed: true });
    expect(started.output()).not.toContain(CANARY);
  });

  it('an upstream 401 is a readable 502, and the key is neither answered nor logged', async () => {
    // The server reads the key from its own environment, not from the build.
    const { made, env, built } = await builtWithProxy();
    expect(built.code, built.output).toBe(0);
    const started = await serve(made, { ...env, CONTENT_API_KEY: 'demo-revoked-key' });
    running.push(started.child);
    const response = await fetch(`${started.url}/api/content/articles`);
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text).error.message).toMatch(/rejected this server's key/);
    expect(text + started.output()).not.toContain('demo-revoked-key');
  });

  it('fails the build with one clear line when the proxy has no adapter', async () => {
    const { build } = await site(PROXY, { FIXTURE_NO_ADAPTER: '1' });
    const built = await build();
    expect(built.code).not.toBe(0);
    expect(built.output).toContain(
      'contentRead({ proxy }) serves /api/content on demand, which needs a server adapter',
    );
  });

  it('fails the build when a PUBLIC_ variable holds the key, without printing it', async () => {
    const variables = ['PUBLIC_CONTENT_API_KEY', 'PUBLIC_SEARCH_TOKEN'];
    const builds = await Promise.all(
      variables.map(async (variable) => (await site({}, { [variable]: CANARY })).build()),
    );
    for (const [i, built] of builds.entries()) {
      const variable = variables[i];
      expect(built.code, variable).not.toBe(0);
      expect(built.output).toContain(`${variable} would put the API key in client code`);
      expect(built.output).not.toContain(CANARY);
    }
  });

  it('fails the build naming the client file that holds the key; never printing it', async () => {
    const { made, build } = await site({});
    await mkdir(join(made.root, 'public/data'), { recursive: true });
    await writeFile(join(made.root, 'public/data/search.json'), `{"token":"${CANARY}"}`);
    const built = await build();
    expect(built.code).not.toBe(0);
    expect(built.output).toMatch(
      /The API key \(CONTENT_API_KEY\) is in the client output .*: data\/search\.json/,
    );
    expect(built.output).not.toContain(CANARY);
  });

  it('keyIsPublicAndTightlyScoped: the same site builds, with a warning', async () => {
    const { made, build } = await site(
      { keyIsPublicAndTightlyScoped: true },
      {
        PUBLIC_CONTENT_API_KEY: CANARY,
      },
    );
    await mkdir(join(made.root, 'public'), { recursive: true });
    await writeFile(join(made.root, 'public/key.txt'), CANARY);
    const built = await build();
    expect(built.code, built.output).toBe(0);
    expect(built.output).toContain('keyIsPublicAndTightlyScoped: the key guard is off');
  });
});
