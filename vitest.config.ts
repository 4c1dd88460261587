import { defineConfig } from 'vitest/config';

// One Vitest run for every workspace; lean on this shared 2-core machine.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: ['packages/shared', 'packages/remote-judge', 'apps/server', 'apps/judge', 'apps/web'],
  },
});
