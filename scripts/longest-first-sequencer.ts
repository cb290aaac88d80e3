import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest, longest first (each alone on two cores: about a minute for
 * the first two, ten to thirty seconds for the others; most other files take a few seconds).
 * Vitest otherwise runs the projects in name order and, without its cache of durations (a fresh
 * machine, CI), each project's files largest first, so the longest started two thirds into the
 * run and it ended on them alone, the other cores idle.
 */
const LONGEST = [
  'test/deploy/deploy.test.ts',
  'test/bench/bench-smoke.test.ts',
  'test/reliability/hostile-html.test.ts',
  'packages/astro-loader/test/e2e/incremental-build.test.ts',
  'test/publish/ci-cache.test.ts',
  'test/reliability/outage.test.ts',
  'test/readme/readme-commands.test.ts',
  'packages/astro-loader/test/e2e/incremental-sync.test.ts',
  'test/reliability/canary.test.ts',
  'packages/astro-loader/test/e2e/failures.test.ts',
  'test/reliability/chaos.test.ts',
  'packages/astro-loader/test/e2e/content-read.test.ts',
];

/** Vitest's order, with the LONGEST files moved to the front (in that order). */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const path = spec.moduleId.replaceAll('\\', '/');
      const i = LONGEST.findIndex((file) => path.endsWith(`/${file}`));
      return i < 0 ? LONGEST.length : i;
    };
    // Array sort is stable: the other files keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
