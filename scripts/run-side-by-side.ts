/**
 * `node scripts/run-side-by-side.ts a b c`: runs the npm scripts a, b and c at once and prints
 * each one's output whole when it ends, so that lines of different scripts never interleave.
 * Exits non-zero if any failed, naming each that did. `npm test` runs its static checks this way:
 * one after the other, they kept one of two cores idle for about ten seconds.
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Usage: node scripts/run-side-by-side.ts <npm script> [<npm script> …]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script: string): Promise<{ script: string; code: number | null; ms: number }> {
  const started = performance.now();
  const child = spawn(npm, ['run', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((done) => {
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
    });
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(chunks));
      done({ script, code, ms: performance.now() - started });
    });
  });
}

const results = await Promise.all(scripts.map(run));
const failed = results.filter((r) => r.code !== 0);
console.log(
  results
    .map(
      (r) => `${r.script} ${r.code === 0 ? 'passed' : 'FAILED'} in ${(r.ms / 1000).toFixed(1)} s`,
    )
    .join('; '),
);
if (failed.length > 0) {
  console.error(
    `npm run ${failed.map((r) => r.script).join(', npm run ')} failed: see its output above, fix it and run npm test again.`,
  );
  process.exit(1);
}
