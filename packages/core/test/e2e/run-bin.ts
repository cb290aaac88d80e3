/** The committed `content-read` bin, run as a user runs it: a child process with PATH and `env` only. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const bin = fileURLToPath(new URL('../../bin/content-read.js', import.meta.url));

/** Runs the bin with `args`; resolves with its exit code and its stdout and stderr together. */
export async function runBin(
  args: string[],
  env: Record<string, string> = {},
  cwd?: string,
): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    ...(cwd ? { cwd } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const code = await new Promise<number | null>((done) => child.once('close', done));
  return { code, out };
}
