/**
 * Helpers for the publish smoke test: run npm with the repository's Node (24) first on PATH and
 * without the npm_* variables of the `npm test` that started us, so a child npm in a temporary
 * folder sees nothing of this workspace.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const PACKAGES = ['core', 'mock-server', 'astro-loader'] as const;

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
  const child = spawn(bin, ['--port', '0', '--quiet', ...args], {
    cwd: siteDir,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collect(child);
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output.text);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('close', (code) =>
      reject(new Error(`content-read-mock exited (${code}) before listening:\n${output.text}`)),
    );
  });
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode !== null) return;
      const closed = new Promise((done) => child.once('close', done));
      child.kill('SIGTERM');
      await closed;
    },
  };
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

/**
 * A new Astro site in `site` that depends on astro (the workspace's version, from the registry)
 * and the tarballs of our packages (`npm pack` of the built workspace into `tarballs`), installed.
 * `files` are written first (path relative to the site -> content); `more` are further
 * dependencies (name -> version).
 */
export async function createPackedSite(
  site: string,
  tarballs: string,
  files: Record<string, string>,
  more: Record<string, string> = {},
): Promise<void> {
  const packedFiles = await packTarballs(tarballs, PACKAGES);
  const astro = JSON.parse(
    await readFile(join(repoRoot, 'node_modules/astro/package.json'), 'utf8'),
  ) as { version: string };
  const dependencies: Record<string, string> = { astro: astro.version, ...more };
  for (const f of packedFiles) dependencies[f.name] = `file:${join(tarballs, f.filename)}`;
  const all = {
    'package.json': JSON.stringify(
      { name: 'smoke-site', private: true, type: 'module', dependencies },
      null,
      2,
    ),
    ...files,
  };
  for (const [path, content] of Object.entries(all)) {
    await mkdir(dirname(join(site, path)), { recursive: true });
    await writeFile(join(site, path), content);
  }
  await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    site,
  );
}
