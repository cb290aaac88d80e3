import type { SerializedError } from 'vitest';
import type { Reporter, TestModule, TestRunEndReason, TestSuite } from 'vitest/node';

/**
 * Ends the run with how long each project's files took (their time in the workers, summed, and
 * its share of all of it: what to shorten first), when the test files were done (the deploy
 * matrix apart from the others), then one plain line, `N passed, N failed, N skipped`, which CI
 * reads as the run's count of tests (vitest's own summary is not a format it knows).
 *
 * "failed" counts everything that makes the run fail, not only failed tests: a test file that
 * does not load, a hook that throws (its tests are then reported as skipped, not failed), and
 * each error thrown outside any test. A run that exits non-zero never reads `0 failed`.
 */
export default class SummaryReporter implements Reporter {
  #started = performance.now();
  /** When each project's last test file ended, in ms since the run started. */
  readonly #ended = new Map<string, number>();
  /** Each project's files' time in the workers (set-up, collection, tests and hooks), in ms. */
  readonly #spent = new Map<string, number>();

  onTestRunStart(): void {
    this.#started = performance.now();
  }

  onTestModuleEnd(module: TestModule): void {
    const name = module.project.name;
    this.#ended.set(name, performance.now() - this.#started);
    const d = module.diagnostic();
    const spent =
      d.environmentSetupDuration +
      d.prepareDuration +
      d.collectDuration +
      d.setupDuration +
      d.duration;
    this.#spent.set(name, (this.#spent.get(name) ?? 0) + spent);
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ): void {
    const counts = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      counts.failed += failuresOutsideTests(module);
    }
    // Whatever else made vitest fail the run (for example no test files found) still counts once.
    if (reason === 'failed' && counts.failed === 0) counts.failed = 1;
    const browser = process.env.CONTENT_READ_BROWSER_USED;
    if (browser) process.stdout.write(`\n${browser}`);
    process.stdout.write(`\n${this.#projects()}`);
    process.stdout.write(`\n${this.#timing()}`);
    process.stdout.write(
      `\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }

  /** `by project: deploy 310 s (25%), cross-package 520 s (41%), …`, the longest first. */
  #projects(): string {
    const total = [...this.#spent.values()].reduce((a, b) => a + b, 0) || 1;
    const parts = [...this.#spent]
      .sort(([, a], [, b]) => b - a)
      .map(
        ([name, ms]) => `${name} ${Math.round(ms / 1000)} s (${Math.round((100 * ms) / total)}%)`,
      );
    return `by project, time in the workers: ${parts.join(', ')}.`;
  }

  /**
   * When the deploy matrix (project `deploy`) and everything else were done: the repository's
   * time target counts the test files without the matrix, which runs beside them.
   */
  #timing(): string {
    const s = (ms: number) => `${Math.round(ms / 1000)} s`;
    const others = [...this.#ended].filter(([name]) => name !== 'deploy').map(([, ms]) => ms);
    const deploy = this.#ended.get('deploy');
    const parts = [`test files done in ${s(Math.max(0, ...this.#ended.values()))}`];
    if (deploy !== undefined) parts.push(`the deploy matrix by ${s(deploy)}`);
    if (others.length > 0 && deploy !== undefined)
      parts.push(`every other file by ${s(Math.max(...others))}`);
    return `${parts.join('; ')}.`;
  }
}

/** Suites whose hooks threw (one each), else the module itself if it failed without a failed test. */
function failuresOutsideTests(module: TestModule): number {
  const failedAlone = (entity: TestModule | TestSuite) =>
    entity.errors().length > 0 || (entity.state() === 'failed' && !hasFailedTest(entity));
  const suites = [...module.children.allSuites()].filter(failedAlone).length;
  if (suites > 0) return suites;
  return failedAlone(module) ? 1 : 0;
}

const hasFailedTest = (entity: TestModule | TestSuite) =>
  [...entity.children.allTests()].some((test) => test.result().state === 'failed');
