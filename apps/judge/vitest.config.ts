import { defineProject } from 'vitest/config';

// The sandbox tests run real programs: one test file at a time, and the judge itself runs at most two
// programs at once (JUDGE_CASE_CONCURRENCY), so timing verdicts stay far from limits on a 2-core box.
export default defineProject({
  test: {
    name: 'judge',
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    globalSetup: ['src/test/sandbox-guard.global-setup.ts'],
  },
});
