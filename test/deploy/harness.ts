/**
 * The deploy matrix's real parts: an install of the packed tarballs and astro (a copy of the
 * run's, see copyOfPackedSite()) with the adapters installed on top from the npm cache, the mock
 * API started from the installed bin with a canary key, and one site folder per target (and the
 * bare baseline) beside the install, built in sequence.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  cleanEnv,
  copyOfPackedSite,
  repoRoot,
  run,
  type Started,
  startMockBin,
} from '../publish/pack.js';
import { readTree, type ShippedFile } from './bundle.js';
import { freePort, type Server, startServer } from './servers.js';
import {
  ADAPTER_PACKAGES,
  type Api,
  astroConfig,
  serverVariables,
  type Target,
  WRANGLER_ENV,
} from './targets.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

export interface Built {
  dir: string;
  code: number | null;
  /** The build's output (for the failure line). */
  output: string;
  seconds: number;
}

export class Deployment {
  readonly root: string;
  readonly install: string;
  readonly api: Api;
  private readonly mock: Started;
  private readonly shipped = new Map<string, Promise<ShippedFile[]>>();

  private constructor(root: string, install: string, api: Api, mock: Started) {
    this.root = root;
    this.install = install;
    this.api = api;
    this.mock = mock;
  }

  static async create(): Promise<Deployment> {
    const root = await mkdtemp(join(tmpdir(), 'content-read-deploy-'));
    try {
      return await Deployment.install(root);
    } catch (error) {
      await rm(root, { recursive: true, force: true });
      throw error;
    }
  }

  private static async install(root: string): Promise<Deployment> {
    const more: Record<string, string> = {};
    for (const name of ADAPTER_PACKAGES) more[name] = await installedVersion(name);
    const started = performance.now();
    // The run's install of the tarballs and astro (pack-smoke's, ci-cache's), with the adapters
    // installed on top: npm adds them as it would to a user's site.
    const install = await copyOfPackedSite({}, more);
    console.log(
      `deploy: the run's packed install + adapters ${Math.round((performance.now() - started) / 1000)} s`,
    );
    // The sites live in sites/ as packages of this workspace, with node_modules at its root (as
    // in a monorepo): the adapters that copy dependencies into a function (Vercel's, Netlify's)
    // then take them from there. Added after the install, which needs no workspace of its own.
    const manifest = JSON.parse(await readFile(join(install, 'package.json'), 'utf8'));
    await writeFile(
      join(install, 'package.json'),
      JSON.stringify({ ...manifest, workspaces: ['sites/*'] }, null, 2),
    );
    // The built-in demo data with one more key: the canary, which must show up nowhere.
    const key = `canary-deploy-${randomUUID().slice(0, 8)}`;
    const dataset = join(root, 'dataset.json');
    const script = `import { defaultDataset } from '@content-read/mock-server';
      import { writeFileSync } from 'node:fs';
      const d = defaultDataset();
      d.keys.push({ id: 'key_canary', team_id: 'team_web', key: process.env.CANARY, blog_access_scope: [], revoked: false });
      writeFileSync(${JSON.stringify(dataset)}, JSON.stringify(d));`;
    await run(
      process.execPath,
      ['--input-type=module', '-e', script],
      install,
      cleanEnv({ CANARY: key }),
    );
    const mock = await startMockBin(install, ['--dataset', dataset]);
    const publishSecret = `canary-publish-${randomUUID().slice(0, 8)}`;
    return new Deployment(root, install, { url: mock.baseUrl, key, publishSecret }, mock);
  }

  /** A new site folder beside the install: `fixture`'s files and an astro.config.mjs. */
  async site(name: string, fixture: 'site' | 'bare', config: string): Promise<string> {
    const dir = join(this.install, 'sites', name);
    await mkdir(dir, { recursive: true });
    await cp(join(FIXTURES, fixture), dir, { recursive: true });
    const manifest = JSON.parse(await readFile(join(this.install, 'package.json'), 'utf8'));
    const { dependencies } = manifest as { dependencies: Record<string, string> };
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name: `deploy-${name}`, private: true, type: 'module', dependencies }),
    );
    await writeFile(join(dir, 'astro.config.mjs'), config);
    return dir;
  }

  /** `astro build` of a site folder, with the API's variables (the canary key) in its environment. */
  async build(dir: string, withApi = true): Promise<Built> {
    // The key and the publish secret as a site's build has them (so a leak into the output shows), but a URL where nothing
    // answers: a server that reaches the API got both variables from its platform at run time.
    const api: Record<string, string> = withApi
      ? {
          CONTENT_API_URL: 'http://127.0.0.1:1/api/v1',
          CONTENT_API_KEY: this.api.key,
          CONTENT_PUBLISH_SECRET: this.api.publishSecret,
        }
      : {};
    const started = performance.now();
    const done = await this.astro(dir, ['build'], { ...api, ...WRANGLER_ENV });
    return { dir, ...done, seconds: Math.round((performance.now() - started) / 100) / 10 };
  }

  /** The matrix's site for `target`, built; `publish: false` leaves the publish webhook out. */
  async buildTarget(target: Target, publish = true): Promise<Built> {
    const name = publish ? target.name : `${target.name}-without-publish`;
    return this.build(await this.site(name, 'site', astroConfig(target, publish)));
  }

  /** Starts the built server of `target` in `dir` the platform's way. */
  async serve(target: Target, dir: string): Promise<Server> {
    const spec = await target.serve(
      dir,
      this.api,
      await freePort(),
      join(this.install, 'node_modules'),
    );
    return startServer(spec);
  }

  /** `astro dev` in `dir`, the variables in `.dev.vars` (read by the Cloudflare adapter in dev). */
  async dev(dir: string): Promise<Server> {
    const variables = Object.entries(serverVariables(this.api));
    await writeFile(join(dir, '.dev.vars'), variables.map(([n, v]) => `${n}=${v}\n`).join(''));
    const port = await freePort();
    return startServer({
      command: process.execPath,
      args: [this.astroBin(), 'dev', '--host', '127.0.0.1', '--port', String(port)],
      cwd: dir,
      env: cleanEnv({ ...WRANGLER_ENV, NO_COLOR: '1' }),
      ready: /Local\s+(http:\/\/[\d.:]+)/,
    });
  }

  /** What the API itself answers for `path` (e.g. `/articles`), with the canary key. */
  async fromApi<T>(path: string): Promise<T> {
    const res = await fetch(`${this.api.url}${path}`, {
      headers: { authorization: `Bearer ${this.api.key}` },
    });
    if (res.status !== 200) throw new Error(`the mock API answered ${res.status} to ${path}`);
    return (await res.json()) as T;
  }

  files(dir: string, sub: string): Promise<ShippedFile[]> {
    return readTree(join(dir, sub));
  }

  /**
   * What a deploy of `target` in `dir` ships to run its server: the server folder, and for a
   * server that imports its dependencies from node_modules (@astrojs/node), the files those
   * imports reach, traced with @vercel/nft (installed with @astrojs/vercel, which traces so).
   */
  serverFiles(target: Target, dir: string): Promise<ShippedFile[]> {
    const key = join(dir, target.serverDir);
    const read = this.shipped.get(key) ?? this.readServerFiles(target, dir);
    this.shipped.set(key, read);
    return read;
  }

  private async readServerFiles(target: Target, dir: string): Promise<ShippedFile[]> {
    const own = await readTree(join(dir, target.serverDir));
    if (!target.traceFrom) return own;
    const nft = join(this.install, 'node_modules/@vercel/nft/out/index.js');
    const { nodeFileTrace } = (await import(pathToFileURL(nft).href)) as {
      nodeFileTrace(files: string[], o: { base: string }): Promise<{ fileList: Set<string> }>;
    };
    const traced = await nodeFileTrace([join(dir, target.traceFrom)], { base: this.install });
    const modules = [...traced.fileList].filter((f) => f.startsWith('node_modules/'));
    const files = await Promise.all(
      modules.map(async (path) => ({ path, bytes: await readFile(join(this.install, path)) })),
    );
    return [...own, ...files];
  }

  /** Stops the mock and removes everything, unless DEPLOY_KEEP=1 (to look at the builds after). */
  async dispose(): Promise<void> {
    await this.mock.stop();
    // The install is in the run's scratch folder, which goes when the run ends.
    if (process.env.DEPLOY_KEEP === '1')
      console.log(
        `deploy: kept ${this.root}; the sites' install ${this.install} goes with the run`,
      );
    else
      await Promise.all(
        [this.root, this.install].map((dir) => rm(dir, { recursive: true, force: true })),
      );
  }

  private astroBin(): string {
    return join(this.install, 'node_modules/astro/bin/astro.mjs');
  }

  private async astro(dir: string, args: string[], extra: Record<string, string>) {
    const child = spawn(process.execPath, [this.astroBin(), ...args], {
      cwd: dir,
      env: cleanEnv({ NO_COLOR: '1', ...extra }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((done) => child.once('close', done));
    return { code, output };
  }
}

async function installedVersion(name: string): Promise<string> {
  const pkg = join(repoRoot, 'node_modules', name, 'package.json');
  return (JSON.parse(await readFile(pkg, 'utf8')) as { version: string }).version;
}
