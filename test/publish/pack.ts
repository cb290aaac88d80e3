/**
 * Helpers for the publish smoke test: run npm with the repository's Node (24) first on PATH and
 * without the npm_* variables of the `npm test` that started us, so a child npm in a temporary
 * folder sees nothing of this workspace.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startListening } from '../support/listening-child.js';
import { oncePerRun } from '../support/run-once.js';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const PACKAGES = ['core', 'mock-server', 'astro-loader'] as const;

/** A site's content.config.ts: both collections from the API, the loaders' defaults. */
export const CONTENT_CONFIG = `import { defineCollection } from 'astro:content';
import { articlesLoader, blogsLoader } from '@content-read/astro-loader';

export const collections = {
  blogs: defineCollection({ loader: blogsLoader() }),
  articles: defineCollection({ loader: articlesLoader() }),
};
`;

export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(name) && !name.startsWith('CONTENT_API_')) env[name] = value;
  }
  env.PATH = [dirname(process.execPath), process.env.PATH ?? ''].join(':');
  env.ASTRO_TELEMETRY_DISABLED = '1';
  return { ...env, ...extra };
}

export interface Done {
  code: number | null;
  output: string;
}

/** Runs a command to completion and fails with its output when it does not exit 0. */
export async function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = cleanEnv(),
): Promise<Done> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collect(child);
  const code = await new Promise<number | null>((done) => child.once('close', done));
  if (code !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${code}:\n${output.text}`);
  }
  return { code, output: output.text };
}

function collect(child: ChildProcess): { text: string } {
  const sink = { text: '' };
  child.stdout?.on('data', (chunk) => (sink.text += chunk));
  child.stderr?.on('data', (chunk) => (sink.text += chunk));
  return sink;
}

export interface Started {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the installed mock server's bin on port 0 and reads the base URL it prints; `args` are
 * more options of the bin (e.g. `--dataset <file>`).
 */
export async function startMockBin(siteDir: string, args: string[] = []): Promise<Started> {
  const bin = join(siteDir, 'node_modules/.bin/content-read-mock');
  const child = await startListening(
    bin,
    ['--port', '0', '--quiet', ...args],
    { cwd: siteDir, env: cleanEnv() },
    /listening on (http:\/\/\S+)/,
  );
  return { baseUrl: child.url, stop: async () => void (await child.stop()) };
}

/** What `npm pack --json` says of one packed workspace. */
export interface PackedTarball {
  name: string;
  filename: string;
  files: { path: string }[];
}

/** `npm pack` of the built workspaces `packages` (folder names under packages/) into `tarballs`. */
export async function packTarballs(
  tarballs: string,
  packages: readonly string[],
): Promise<PackedTarball[]> {
  await mkdir(tarballs, { recursive: true });
  const packed = await run(
    'npm',
    [
      'pack',
      '--json',
      '--pack-destination',
      tarballs,
      ...packages.flatMap((p) => ['-w', `packages/${p}`]),
    ],
    repoRoot,
  );
  return JSON.parse(packed.output.slice(packed.output.indexOf('['))) as PackedTarball[];
}

/** The run's tarballs of every package: `npm pack` once per run, shared by the test files. */
export async function runTarballs(): Promise<{ dir: string; packed: PackedTarball[] }> {
  const dir = await oncePerRun('tarballs', async (into) => {
    const packed = await packTarballs(into, PACKAGES);
    await writeFile(join(into, 'packed.json'), JSON.stringify(packed));
  });
  const packed = JSON.parse(await readFile(join(dir, 'packed.json'), 'utf8')) as PackedTarball[];
  return { dir, packed };
}

/**
 * A new Astro site of our packed packages and astro (installPacked(), once per run, from the
 * run's tarballs): each caller gets a copy of the install (node_modules hard-linked, package.json
 * and lock copied) beside it, so the lock's relative paths to the tarballs hold, with `more`
 * (name -> version) installed on top of the copy and `files` written. Removing it is the caller's.
 */
export async function copyOfPackedSite(
  files: Record<string, string>,
  more: Record<string, string> = {},
): Promise<string> {
  const installed = await oncePerRun('packed-site', async (into) => {
    const { dir, packed } = await runTarballs();
    await installPacked(into, dir, packed);
  });
  const site = await mkdtemp(join(dirname(installed), 'site-'));
  for (const file of ['package.json', 'package-lock.json'])
    await copyFile(join(installed, file), join(site, file));
  await run('cp', ['-al', join(installed, 'node_modules'), join(site, 'node_modules')], site);
  if (Object.keys(more).length > 0) {
    // npm rewrites its hidden lock file in place: the copy's own, not a link to the run's.
    const hidden = join(site, 'node_modules/.package-lock.json');
    await rm(hidden);
    await copyFile(join(installed, 'node_modules/.package-lock.json'), hidden);
    const specs = Object.entries(more).map(([name, version]) => `${name}@${version}`);
    await run('npm', ['install', ...NPM_INSTALL, ...specs], site);
  }
  await writeFiles(site, files);
  return site;
}

/** How the tests install: from npm's cache where it can, without npm's own notices. */
const NPM_INSTALL = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

/**
 * A new Astro site in `site` that depends on astro (the workspace's version, from the registry)
 * and the tarballs of our packages (`npm pack` of the built workspace into `tarballs`), installed.
 */
async function installPacked(
  site: string,
  tarballs: string,
  packed: PackedTarball[],
): Promise<void> {
  const astro = JSON.parse(
    await readFile(join(repoRoot, 'node_modules/astro/package.json'), 'utf8'),
  ) as { version: string };
  const dependencies: Record<string, string> = { astro: astro.version };
  for (const f of packed) dependencies[f.name] = `file:${join(tarballs, f.filename)}`;
  const manifest = { name: 'smoke-site', private: true, type: 'module', dependencies };
  await writeFiles(site, { 'package.json': JSON.stringify(manifest, null, 2) });
  await run('npm', ['install', ...NPM_INSTALL], site);
}

async function writeFiles(site: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(site, path)), { recursive: true });
    await writeFile(join(site, path), content);
  }
}
