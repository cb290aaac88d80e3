import { type ChildProcess, spawn } from 'node:child_process';

/** A server in a child process, listening where it said. */
export interface ListeningChild {
  /** What `pattern`'s first group matched in its output (the address it listens on). */
  url: string;
  /** Its process id (e.g. to read its peak memory). */
  pid: number | undefined;
  /** Its stdout and stderr so far. */
  output(): string;
  /** SIGTERM, and waits for it to exit (at once if it has). */
  stop(): Promise<void>;
}

/**
 * Starts `command` and resolves once its stdout matches `pattern` (a server printing the address
 * it listens on, e.g. after being given port 0); rejects with its output if it exits first.
 * With `group`, stopping it stops everything it started.
 */
export async function startListening(
  command: string,
  args: string[],
  { group = false, ...options }: { cwd?: string; env: NodeJS.ProcessEnv; group?: boolean },
  pattern: RegExp,
): Promise<ListeningChild> {
  // `group`: the command starts others (an npm script's chain) that a signal to it alone would
  // leave running, so it leads a process group of its own and the signal goes to the group.
  const child: ChildProcess = spawn(command, args, {
    ...options,
    detached: group,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('close', (code) =>
      reject(
        new Error(`${command} ${args.join(' ')} exited (${code}) before listening:\n${output}`),
      ),
    );
  });
  return {
    url,
    pid: child.pid,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const closed = new Promise((done) => child.once('close', done));
      if (group && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      else child.kill('SIGTERM');
      await closed;
    },
  };
}
