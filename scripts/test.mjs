#!/usr/bin/env node
// `npm test`: every quality gate in order (types, lint, tests, the many-instances run, the build, the browser), each
// stage timed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stages = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['unit, integration and sandbox tests', 'npx', ['vitest', 'run']],
  // 2 servers behind nginx and 2 judges on one PostgreSQL, killed and restarted mid-run (skipped without
  // TEST_DATABASE_URL).
  ['many instances (topology)', 'node', ['--import', 'tsx', 'apps/server/test/topology/run.ts']],
  ['web build + bundle budget', 'npm', ['run', 'build', '-w', '@oj/web']],
  ['browser e2e (chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

const started = Date.now();
for (const [name, cmd, args] of stages) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n=== ${name}: FAILED after ${secs}s ===`);
    process.exit(r.status ?? 1);
  }
  console.log(`=== ${name}: ok in ${secs}s ===`);
}
console.log(`\nAll stages passed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
