import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/failing-hooks/', import.meta.url));
const reporter = fileURLToPath(new URL('../../scripts/summary-reporter.ts', import.meta.url));
const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

/** Runs vitest on the fixture with the summary reporter; returns the exit code and last line. */
function runFixture(files: string[]) {
  const run = spawnSync(process.execPath, [vitest, 'run', `--reporter=${reporter}`, ...files], {
    cwd: fixture,
    encoding: 'utf8',
    env: { ...process.env, CONTENT_READ_BROWSER_USED: '', CI: 'true' },
  });
  const lines = run.stdout.trim().split('\n');
  const timing = lines.at(-2);
  const projects = lines.at(-3);
  return {
    status: run.status,
    summary: lines.at(-1),
    timing,
    projects,
    output: run.stdout + run.stderr,
  };
}

describe('the closing summary line', () => {
  it('counts a suite whose beforeAll throws as failed, and the run exits non-zero', () => {
    const { status, summary, timing, projects, output } = runFixture(['hook.check.ts']);
    expect(status, output).not.toBe(0);
    expect(timing).toMatch(/^test files done in \d+ s\.$/);
    // The fixture's one (unnamed) project, with all of the time.
    expect(projects).toMatch(/^by project, time in the workers: \S* ?\d+ s \(100%\)\.$/);
    expect(summary).toMatch(/^\d+ passed, \d+ failed, \d+ skipped$/);
    expect(summary).not.toMatch(/ 0 failed/);
    expect(summary).toBe('1 passed, 1 failed, 1 skipped');
  });

  it('counts a test file that fails to load as failed', () => {
    const { status, summary, output } = runFixture(['load.check.ts']);
    expect(status, output).not.toBe(0);
    expect(summary).toBe('0 passed, 1 failed, 0 skipped');
  });
});
