import type { SerializedError } from 'vitest';
import type { Reporter, TestModule, TestRunEndReason, TestSuite } from 'vitest/node';

/**
 * Ends the run with when the test files were done (the deploy matrix apart from the others), then
 * one plain line, `N passed, N failed, N skipped`, which CI reads as the run's count of tests
 * (vitest's own summary is not a format it knows).
 *
 * "failed" counts everything that makes the run fail, not only failed tests: a test file that
 * does not load, a hook that throws (its tests are then reported as skipped, not failed), and
 * each error thrown outside any test. A run that exits non-zero never reads `0 failed`.
 */
export default class SummaryReporter implements Reporter {
  #started = performance.now();
  /** When each project's last test file ended, in ms since the run started. */
  readonly #ended = new Map<string, number>();

  onTestRunStart(): void {
    this.#started = performance.now();
  }

  onTestModuleEnd(module: TestModule): void {
    this.#ended.set(module.project.name, performance.now() - this.#started);
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
    process.stdout.write(`\n${this.#timing()}`);
    process.stdout.write(
      `\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
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
