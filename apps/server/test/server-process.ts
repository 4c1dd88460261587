import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { BUILT } from './programs.js';

/** A new data directory whose embedded database is already created and migrated: the run's migrated PGlite template
 * (test/global-setup.ts, a tar of a data directory) unpacked as its `pgdata`. A server started on it skips creating
 * the cluster and applying the migrations (8-15 s of CPU a start), and seeds the site as on a first start (root, the
 * sample problems). For the tests whose subject is not the first start itself. */
export const seededDataDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(path.join(dir, 'pgdata'));
  const untar = spawnSync('tar', ['-xf', inject('pgliteTemplate'), '-C', path.join(dir, 'pgdata')], {
    encoding: 'utf8',
  });
  if (untar.status !== 0) throw new Error(`unpacking the PGlite template: ${untar.stderr}`);
  return dir;
};

export interface ServerProcess {
  proc: ChildProcess;
  /** Resolves with the exit code once the process is gone (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
}

/** The server as `npm start` runs it (its bundle, test/programs.ts), with `env` over this process's environment; by
 * default without the embedded judge and logging warnings only. Its output is kept; it is not waited for. */
export const spawnServer = (env: Record<string, string>): ServerProcess => {
  const proc = spawn(process.execPath, [BUILT.server], {
    cwd: REPO_ROOT,
    // Password hashes at the lowest cost, as in the tests' own process (test/setup.ts).
    env: { ...process.env, OJ_EMBEDDED_JUDGE: 'false', LOG_LEVEL: 'warn', OJ_PASSWORD_COST: '10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output += d;
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, exited, output: () => output };
};

/** Resolves once the server says it is running at its address; rejects with its output when it exits before. */
export const untilRunning = (server: ServerProcess) =>
  new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (server.output().includes('running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 20);
    void server.exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${server.output()}`));
    });
  });

/** `spawnServer`, once it runs. */
export const startServer = async (env: Record<string, string>): Promise<ServerProcess> => {
  const server = spawnServer(env);
  await untilRunning(server);
  return server;
};
