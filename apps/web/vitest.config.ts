import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  // The web's '@oj/shared' is the client entry, as in vite.config.ts (decision 0005).
  resolve: { alias: [{ find: /^@oj\/shared$/, replacement: '@oj/shared/client' }] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // A worker's test files share the imported modules (antd and the app are imported once per worker, not once per
    // file): src/test-setup.ts takes back what a file left in a module's state.
    isolate: false,
    // The machine is shared (2 cores, other test projects running beside): a big form's test may take seconds.
    testTimeout: 30_000,
  },
});
