import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JUDGE_STATUS as S } from '@oj/shared';
import { REPO_ROOT } from '../src/config.js';
import { JUDGE_TOKEN, type TestApp } from './harness.js';

/** Makes the test app listen on a loopback port and returns its base URL, for a worker process to reach. */
export const listen = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

/** Waits until `probe` gives something other than undefined (checked every 100 ms). */
export const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const UNFINISHED: number[] = [S.PENDING, S.COMPILING, S.JUDGING, S.SUBMITTING];

/** Waits until what `read` gives has a final status (no longer queued, judging or being submitted). */
export const finalOf = <T extends { status: number }>(what: string, read: () => Promise<T>) =>
  waitFor(`${what} to get its verdict`, async () => {
    const s = await read();
    return UNFINISHED.includes(s.status) ? undefined : s;
  });

/** Real judge worker processes (`apps/judge/src/cli.ts worker --server <url> ...`) with the test judge token and
 * their own build cache; `killAll` in an afterEach/afterAll, `cleanup` once the file is done. */
export const workerProcesses = () => {
  const children: ChildProcess[] = [];
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-worker-cache-'));
  const kill = async (w: ChildProcess) => {
    if (w.exitCode !== null || w.signalCode !== null) return;
    const exited = new Promise((r) => w.once('exit', r));
    w.kill('SIGKILL');
    await exited;
  };
  return {
    start(server: string, o: { name: string; args?: string[]; env?: Record<string, string> }) {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(REPO_ROOT, 'apps/judge/src/cli.ts'),
          'worker',
          '--server',
          server,
          ...(o.args ?? []),
        ],
        {
          cwd: REPO_ROOT,
          env: {
            ...process.env,
            OJ_JUDGE_TOKEN: JUDGE_TOKEN,
            OJ_JUDGE_CACHE_DIR: cacheDir,
            HOSTNAME: o.name,
            ...o.env,
          },
          stdio: ['ignore', 'ignore', process.env.TEST_LOG ? 'inherit' : 'pipe'],
        },
      );
      child.stderr?.resume();
      children.push(child);
      return child;
    },
    /** SIGKILL, as a crashed host would; resolves once the process is gone. */
    kill,
    async killAll() {
      for (const w of children.splice(0)) await kill(w);
    },
    cleanup: () => fs.rmSync(cacheDir, { recursive: true, force: true }),
  };
};
