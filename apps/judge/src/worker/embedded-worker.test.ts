import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT } from '../../../server/test/programs.js';
import { seededDataDir } from '../../../server/test/server-process.js';
import { requireSandbox } from '../test/judge-fixtures.js';

// `npm start` runs a judge worker as a child of the server. When the server dies, even by SIGKILL, its worker
// must die too, with the sandboxes it runs: otherwise every crash and restart adds one more worker judging with
// the server's token.
beforeAll(requireSandbox);

const REPO_ROOT = join(import.meta.dirname, '../../../..');

interface ProcessInfo {
  pid: number;
  name: string;
  ppid: number;
  state: string;
  /** Start time in clock ticks since boot: tells a pid from a later process that reuses it. */
  startTime: string;
}

const processes = (): ProcessInfo[] => {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      found.push({ pid: Number(entry), name, state: fields[0], ppid: Number(fields[1]), startTime: fields[19] });
    } catch {
      // Ended while we looked.
    }
  }
  return found;
};

const descendantsOf = (pid: number, table = processes()): ProcessInfo[] => {
  const children = table.filter((p) => p.ppid === pid);
  return children.concat(children.flatMap((child) => descendantsOf(child.pid, table)));
};

const alive = (p: ProcessInfo, table = processes()) =>
  table.some((q) => q.pid === p.pid && q.startTime === p.startTime && q.state !== 'Z');

const environOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  } catch {
    return [];
  }
};

const waitFor = async <T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the embedded judge worker', () => {
  // Its database already created and migrated (the server's first start itself is apps/server/src/main.int.test.ts's).
  const dataDir = seededDataDir('oj-embedded-judge-');
  const cacheEnv = `OJ_JUDGE_CACHE_DIR=${join(dataDir, 'judge-cache')}`;
  const port = 19_000 + (process.pid % 500);
  const servers: ChildProcess[] = [];

  afterAll(() => {
    for (const server of servers) server.kill('SIGKILL');
    // Whatever the outcome, leave no worker of this test behind.
    for (const p of processes()) {
      if (!environOf(p.pid).includes(cacheEnv)) continue;
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {}
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the server; unless told not to, waits for its announcement, which comes once its judge is ready. */
  const startServer = async (announced = true, env: Record<string, string> = {}) => {
    const server = spawn(process.execPath, [BUILT.server], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        OJ_DATA_DIR: dataDir,
        OJ_EMBEDDED_JUDGE: 'true',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    servers.push(server);
    let output = '';
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    if (announced)
      await waitFor('the server to start', () => (output.includes('running at') ? true : undefined), 90_000);
    return server;
  };
  /** The workers of this test's data directory, wherever they were reparented to: the processes that carry its
   * environment and whose parent does not (a worker's own children, its sandbox launchers and compilers, inherit it). */
  const workers = () => {
    const ours = processes().filter((p) => environOf(p.pid).includes(cacheEnv) && p.state !== 'Z');
    const pids = new Set(ours.map((p) => p.pid));
    return ours.filter((p) => !pids.has(p.ppid));
  };

  it('dies with its server when the server is killed with SIGKILL, and so do its sandboxes', async () => {
    // Not waiting for the announcement: by then the worker's start-up probes have ended. A build cache of its own, so
    // the worker remembers no probe and runs them all in the sandbox (no precompiled headers: nothing else to build).
    const server = await startServer(false, {
      OJ_JUDGE_BUILD_CACHE_DIR: join(dataDir, 'build-cache'),
      OJ_JUDGE_PCH: '0',
    });
    const worker = await waitFor(
      'the worker to start a sandbox',
      () => {
        const table = processes();
        const child = table.find((p) => p.ppid === server.pid && environOf(p.pid).includes(cacheEnv));
        // The worker probes its languages in the sandbox at start: catch it with runs in flight (bwrap, or a
        // native launcher's run: an oj-sandbox process forked by another, decision 0032).
        const launcher = (p: ProcessInfo | undefined) => p?.name.startsWith('oj-sandbox');
        const inFlight = (p: ProcessInfo) =>
          p.name === 'bwrap' || (launcher(p) && launcher(table.find((q) => q.pid === p.ppid)));
        return child && descendantsOf(child.pid, table).some(inFlight) ? child : undefined;
      },
      // The server opens its database and seeds the site before it starts the worker: a few seconds on an idle
      // 2-core machine, several times that while the browser journeys and the many-instances run share it
      // (`npm test`).
      150_000,
    );
    const tree = [worker, ...descendantsOf(worker.pid)];

    server.kill('SIGKILL');
    await waitFor(
      'the worker and its sandboxes to end',
      () => {
        const table = processes();
        return tree.some((p) => alive(p, table)) ? undefined : true;
      },
      5_000,
    );

    // A restarted server has exactly one worker: its own. It probes one language only: it is announced once its
    // worker has probed them all, and the other toolchains' probes (Java, Go, Rust...) add nothing here.
    const restarted = await startServer(true, { OJ_JUDGE_LANGUAGES: 'C' });
    await waitFor('the new worker', () => (workers().length > 0 ? true : undefined), 30_000);
    expect(workers().map((p) => p.ppid)).toEqual([restarted.pid]);

    restarted.kill('SIGTERM');
    expect(await new Promise((resolve) => restarted.once('exit', resolve))).toBe(0);
    await waitFor('the worker to stop with its server', () => (workers().length === 0 ? true : undefined), 5_000);
  }, 300_000);
});
