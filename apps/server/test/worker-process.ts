import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JUDGE_STATUS as S } from '@oj/shared';
import { REPO_ROOT } from '../src/config.js';
import { JUDGE_TOKEN, type TestApp } from './harness.js';
import { BUILT } from './programs.js';

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
export const finalOf = <T extends { status: number }>(what: string, read: () => Promise<T>, timeoutMs?: number) =>
  waitFor(
    `${what} to get its verdict`,
    async () => {
      const s = await read();
      return UNFINISHED.includes(s.status) ? undefined : s;
    },
    timeoutMs,
  );

/** Real judge worker processes (`apps/judge/src/cli.ts worker --server <url> ...`) with the test judge token and
 * their own build cache; `killAll` in an afterEach/afterAll, `cleanup` once the file is done. `server.pollsOpen`: the
 * in-process server's count of open worker claims (`queue.pollsOpen`), which `killAll` waits to reach none. Each worker's stderr
 * is kept for `logged` (and shown as well with TEST_LOG). */
export const workerProcesses = (server: { pollsOpen?: () => number } = {}) => {
  const children: ChildProcess[] = [];
  const logs = new Map<ChildProcess, string>();
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-worker-cache-'));
  /** Sends `signal` (SIGKILL by default, as a crashed host would; SIGTERM to stop it as an orchestrator does) and
   * resolves with the exit code once the process is gone (null when a signal ended it). */
  const kill = async (w: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<number | null> => {
    if (w.exitCode !== null || w.signalCode !== null) return w.exitCode;
    const exited = new Promise<number | null>((r) => w.once('exit', (code) => r(code)));
    w.kill(signal);
    return exited;
  };
  return {
    start(server: string, o: { name: string; args?: string[]; env?: Record<string, string> }) {
      const child = spawn(process.execPath, [BUILT.judge, 'worker', '--server', server, ...(o.args ?? [])], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          OJ_JUDGE_TOKEN: JUDGE_TOKEN,
          OJ_JUDGE_CACHE_DIR: cacheDir,
          HOSTNAME: o.name,
          ...o.env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      logs.set(child, '');
      child.stderr?.on('data', (chunk: Buffer) => {
        logs.set(child, logs.get(child) + chunk.toString('utf8'));
        if (process.env.TEST_LOG) process.stderr.write(chunk);
      });
      children.push(child);
      return child;
    },
    kill,
    /** Waits until the worker has written a line matching `pattern` to its stderr. */
    logged: (w: ChildProcess, pattern: RegExp) =>
      waitFor(`the worker to log ${pattern}`, async () => (pattern.test(logs.get(w) ?? '') ? true : undefined)),
    async killAll() {
      const living = children.splice(0).filter((w) => w.exitCode === null && w.signalCode === null);
      for (const w of living) await kill(w);
      // The server must see the dead workers' long polls hang up before the next test enqueues work: a long poll it
      // still holds would claim that work for a worker that is gone. Given the server's count of open polls, wait
      // for none (a loaded machine took longer than a fixed half second); else wait half a second.
      if (living.length && server.pollsOpen)
        await waitFor(
          "the dead workers' polls to close",
          async () => (server.pollsOpen?.() === 0 ? true : undefined),
          30_000,
        );
      else if (living.length) await new Promise((r) => setTimeout(r, 500));
      logs.clear();
    },
    cleanup: () => fs.rmSync(cacheDir, { recursive: true, force: true }),
  };
};
