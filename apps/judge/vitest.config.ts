import { defineProject } from 'vitest/config';

// The sandbox tests run real programs, with the other projects' files in the run's two workers (no group of their
// own that runs alone after the rest); the judge itself runs at most two programs at once (JUDGE_CASE_CONCURRENCY),
// and the verdicts they assert are limits at least 3x away from the measured times, so the neighbours' load never
// flips one.
export default defineProject({
  test: {
    name: 'judge',
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // The server's migrated PGlite template too (apps/server/test/global-setup.ts): worker/embedded-worker.test.ts
    // starts the server on a data directory unpacked from it instead of creating and migrating a database.
    globalSetup: ['src/test/sandbox-guard.global-setup.ts', '../server/test/global-setup.ts'],
  },
});
