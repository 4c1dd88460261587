#!/usr/bin/env node
// `npm run typecheck`: TypeScript's check of every workspace, two at a time (the machines have 2 cores; one tsc
// uses one). Prints each workspace's errors together and fails when any workspace has one.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
// The longest first, so the last one to start is a short one.
const workspaces = ['apps/server', 'apps/web', 'apps/judge', 'packages/shared', 'packages/remote-judge', 'e2e'];
const lanes = Math.max(1, Math.min(2, os.availableParallelism()));

const check = (workspace) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', `${workspace}/tsconfig.json`, '--noEmit'], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'} ${workspace} (${secs}s)\n${output}`);
      resolve(code === 0);
    });
  });

const queue = [...workspaces];
const results = await Promise.all(
  Array.from({ length: lanes }, async () => {
    let ok = true;
    for (let next = queue.shift(); next; next = queue.shift()) ok = (await check(next)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
