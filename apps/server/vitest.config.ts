import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The migrated databases every test file copies (PGlite and, with TEST_DATABASE_URL, PostgreSQL).
    globalSetup: ['test/global-setup.ts'],
    // Password hashes at the lowest cost in every file (test/setup.ts).
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
