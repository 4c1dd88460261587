import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { name: 'remote-judge', include: ['src/**/*.test.ts'] } });
