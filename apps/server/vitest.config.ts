import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The migrated databases every test file copies (PGlite and, with TEST_DATABASE_URL, PostgreSQL).
    globalSetup: ['test/global-setup.ts'],
    // Password hashes at the lowest cost in every file (test/setup.ts).
    setupFiles: ['test/setup.ts'],
    // A worker's test files share the imported modules (the server's whole module graph is imported once per worker,
    // not once per file: ~2 s a file). Every file builds its own app, services and database (test/harness.ts), so
    // no file sees another's state.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
