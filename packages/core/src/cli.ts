#!/usr/bin/env node
/** The `content-read` bin: `content-read doctor` checks an API address and key. */
import { exitCodeOf, formatReport, HELP, parseCommand, runDoctor } from './doctor/index.js';
import { KEY_VARIABLE, readEnvVariables, URL_VARIABLE } from './env.js';
import { redactSecrets } from './redact.js';

async function main(argv: string[]): Promise<number> {
  let command: ReturnType<typeof parseCommand>;
  try {
    command = parseCommand(argv, process.env);
  } catch (problem) {
    process.stderr.write(`content-read: ${(problem as Error).message}\n`);
    return 2;
  }
  if (command.kind === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  const { url, key, mode, envDir } = command.config;
  if (url === undefined || key === undefined) {
    // As the loaders do: what the environment lacks comes from the mode's .env files.
    try {
      const files = await readEnvVariables([URL_VARIABLE, KEY_VARIABLE], { mode, envDir });
      const found = Object.fromEntries(Object.entries(files).filter(([, v]) => v !== undefined));
      const reparsed = parseCommand(argv, { ...process.env, ...found });
      if (reparsed.kind === 'doctor') command = reparsed;
    } catch (problem) {
      process.stderr.write(`content-read: ${(problem as Error).message}\n`);
    }
  }
  const checks = await runDoctor(command.config);
  process.stdout.write(formatReport(command.config, checks));
  return exitCodeOf(checks);
}

/** The key wherever it may have been given, to keep it out of a crash message. */
function secretsIn(argv: string[]): string[] {
  const found = [process.env[KEY_VARIABLE] ?? ''];
  argv.forEach((arg, i) => {
    if (arg === '--key') found.push(argv[i + 1] ?? '');
    else if (arg.startsWith('--key=')) found.push(arg.slice(6));
  });
  return found.filter((s) => s !== '');
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (problem: unknown) => {
    // Unexpected: still never print the key, whatever the error holds.
    const text = problem instanceof Error ? (problem.stack ?? problem.message) : String(problem);
    process.stderr.write(`content-read: ${redactSecrets(text, secretsIn(process.argv))}\n`);
    process.exitCode = 1;
  },
);
