/**
 * Servers the deploy matrix starts: a child process (in its own process group, so a server that
 * starts workers of its own, as wrangler starts workerd, stops whole) that is ready once it prints
 * a line matching `ready`, whose first group is the URL it listens on (a server that moved to
 * another port than the one asked is still found).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface Server {
  url: string;
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface ServerSpec {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  ready: RegExp;
}

/** A free TCP port on 127.0.0.1 (for servers that cannot be told to pick one and print it). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise((done) => probe.close(done));
  if (!address || typeof address === 'string') throw new Error('no free port on 127.0.0.1');
  return address.port;
}

/** Starts `spec` and resolves once it printed `spec.ready`; rejects (one line) if it exits. */
export async function startServer(spec: ServerSpec): Promise<Server> {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: spec.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('close', done));
  const url = await new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk;
      const ready = spec.ready.exec(output);
      if (ready?.[1]) resolve(ready[1]);
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    void exited.then((code) => {
      const last = output.trim().split('\n').slice(-3).join(' | ');
      reject(new Error(`${spec.command} exited (${code}) before it was ready: ${last}`));
    });
  });
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}
