import { type ChildProcess, spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

/** A server in a child process, listening where it said. */
export interface ListeningChild {
  /** What `pattern`'s first group matched in its output (the address it listens on). */
  url: string;
  /** Its process id (e.g. to read its peak memory). */
  pid: number | undefined;
  /** Its stdout and stderr so far. */
  output(): string;
  /**
   * Once its stdout and stderr so far match `pattern`: the first group, or the whole match;
   * rejects with its output if it exits first.
   */
  waitFor(pattern: RegExp): Promise<string>;
  /**
   * Sends `signal` (SIGTERM; SIGINT is a terminal's Ctrl+C) and waits for it to exit (at once if
   * it has); resolves with its exit code, or the signal it ended by.
   */
  stop(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

/**
 * Starts `command` and resolves once its stdout matches `pattern` (a server printing the address
 * it listens on, e.g. after being given port 0); rejects with its output if it exits first.
 * Output is matched without its colours (Astro colours its URLs even under CI=true). With
 * `group`, stopping it stops everything it started.
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
  let stdout = '';
  /** Checks of pending waits, run on every chunk of output and when the process ends. */
  const checks = new Set<() => void>();
  /** Its exit code once its output has ended ('close'; 'exit' may come before the last output). */
  let ended: { code: number | null } | undefined;
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
    output += chunk;
    for (const check of checks) check();
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    for (const check of checks) check();
  });
  child.once('close', (code: number | null) => {
    ended = { code };
    for (const check of checks) check();
  });
  const waitFor = (read: () => string, pattern: RegExp, what: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(stripVTControlCharacters(read()));
        if (match) {
          checks.delete(check);
          resolve(match[1] ?? match[0]);
        } else if (ended) {
          checks.delete(check);
          reject(
            new Error(
              `${command} ${args.join(' ')} exited (${ended.code}) before ${what}:\n${output}`,
            ),
          );
        }
      };
      checks.add(check);
      check();
    });
  const url = await waitFor(() => stdout, pattern, 'listening');
  return {
    url,
    pid: child.pid,
    output: () => output,
    waitFor: (wanted) => waitFor(() => output, wanted, `printing ${wanted}`),
    stop: async (signal = 'SIGTERM') => {
      const closed = new Promise<void>((done) => child.once('close', () => done()));
      if (child.exitCode === null && child.signalCode === null) {
        if (group && child.pid !== undefined) process.kill(-child.pid, signal);
        else child.kill(signal);
        await closed;
      }
      return child.exitCode ?? child.signalCode;
    },
  };
}
