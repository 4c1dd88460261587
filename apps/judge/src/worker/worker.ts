import fs from 'node:fs';
import os from 'node:os';
import type { CompileReport, JudgeReport, JudgeTask, PackageReport, TestRunReport } from '@oj/shared';
import { live } from '@oj/shared';
import { createJudgeClient, type JudgeClient, type WorkerInfo } from './judge-client.js';
import { createProgressReporter } from './progress-reporter.js';
import { createTestDataCache, type TestDataCache } from './test-data-cache.js';

export type JudgeTaskOf<K extends JudgeTask['kind']> = Extract<JudgeTask, { kind: K }>;

/** What the worker needs from the judging pipeline; the same pipeline judges `judge:local` runs. */
export interface Judger {
  languages(): Promise<string[]>;
  judge(
    task: JudgeTaskOf<'judge'>,
    ctx: {
      cache: TestDataCache;
      onStatus: (status: 6 | 7) => void;
      /** A case finished (the server shows "case 7/20"). */
      onCase?: () => void;
      signal: AbortSignal;
    },
  ): Promise<JudgeReport>;
  testRun(task: JudgeTaskOf<'testRun'>, ctx: { cache: TestDataCache; signal: AbortSignal }): Promise<TestRunReport>;
  /** `cache` supplies the site's judge headers, fetched by hash as test files are. */
  compileChecker(task: JudgeTaskOf<'compileChecker'>, ctx: { cache: TestDataCache }): Promise<CompileReport>;
  /** Makes and checks a package's tests: files by hash from `cache`, the made ones sent with `uploadTestData`;
   * `onProgress` is called after each of its steps (`total` is the same on every call). */
  package(
    task: JudgeTaskOf<'package'>,
    ctx: {
      cache: TestDataCache;
      uploadTestData: (filePath: string) => Promise<{ sha256: string; size: number }>;
      onProgress?: (done: number, total: number) => void;
      signal: AbortSignal;
    },
  ): Promise<PackageReport>;
}

const HEARTBEAT_MS = 10_000;
const CLAIM_WAIT_MS = 25_000;

/** Physical cores (hyper-threads share a core's execution units, so they would distort timings). */
export const physicalCores = () => {
  try {
    const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
    const cores = new Set<string>();
    for (const block of cpuinfo.split('\n\n')) {
      const phys = /physical id\s*:\s*(\d+)/.exec(block)?.[1];
      const core = /core id\s*:\s*(\d+)/.exec(block)?.[1];
      if (phys !== undefined && core !== undefined) cores.add(`${phys}:${core}`);
    }
    if (cores.size > 0) return cores.size;
  } catch {
    // not Linux or no /proc: fall through
  }
  return os.availableParallelism();
};

/** A worker's log line (stderr, timestamped). */
export const log = (msg: string) => console.error(`[judge ${new Date().toISOString()}] ${msg}`);

/** After a claim that could not reach the server: a retry every tenth of a second for the first 10 s (a server still
 * starting answers as soon as it listens), then every 3 s. */
const RETRY_SOON_MS = 100;
const RETRY_SOON_FOR_MS = 10_000;
const RETRY_LATER_MS = 3_000;

/** Waits `ms`, less when the signal aborts. */
export const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

type TaskRef = { taskId: number; attempt: number };

/** Hands a task back to the server (queued again at once for another worker) instead of letting its lease run out;
 * `label` names it in the log ("task", "remote task"). A failure is only logged: the lease ends the task then. */
export const handBack = async (client: JudgeClient, name: string, task: TaskRef, label: string) => {
  try {
    const released = await client.release(name, task);
    log(`${label} ${task.taskId} (attempt ${task.attempt}) ${released ? 'handed back' : 'was no longer ours'}`);
  } catch (e) {
    log(`cannot hand ${label} ${task.taskId} back (its lease will run out): ${(e as Error).message}`);
  }
};

/** `concurrency` loops that each claim a task (a long poll, hung up when `stop` aborts) and run it, until `stop`
 * aborts. A task claimed just as the worker began to stop is handed back; a server out of reach is asked again
 * 3 s later. The local slots and the remote ones (remote-runner.ts) both run on it. */
export const serveClaims = async <T extends TaskRef>(o: {
  client: JudgeClient;
  name: string;
  label: string;
  concurrency: number;
  stop: AbortSignal | undefined;
  /** `running`: the tasks this worker's loops hold now. */
  claim: (running: number, stop: AbortSignal | undefined) => Promise<T | null>;
  run: (task: T) => Promise<void>;
}) => {
  let running = 0;
  const loop = async () => {
    let unreachableSince: number | undefined;
    while (!o.stop?.aborted) {
      try {
        const task = await o.claim(running, o.stop);
        unreachableSince = undefined;
        if (!task) continue;
        if (o.stop?.aborted) {
          // Claimed just as the worker began to stop.
          await handBack(o.client, o.name, task, o.label);
          continue;
        }
        running += 1;
        try {
          await o.run(task);
        } finally {
          running -= 1;
        }
      } catch (e) {
        if (o.stop?.aborted) return;
        // Said once the retries have slowed down: a server still starting (the embedded worker starts beside its
        // server) or restarting is not worth a line.
        unreachableSince ??= Date.now();
        const soon = Date.now() - unreachableSince < RETRY_SOON_FOR_MS;
        if (!soon) log(`cannot reach the server: ${(e as Error).message}; retrying in 3 s`);
        await sleep(soon ? RETRY_SOON_MS : RETRY_LATER_MS, o.stop);
      }
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, loop));
};

/** One task from claim to report, with heartbeats that keep the lease and stop the work when the server takes
 * the task back (rejudged, cancelled, lease lost). A worker stopped before the task is done hands it back. */
const runTask = async (
  client: JudgeClient,
  judger: Judger,
  info: WorkerInfo,
  cache: TestDataCache,
  task: JudgeTask,
  stop: AbortSignal | undefined,
) => {
  const abort = new AbortController();
  const onStop = () => abort.abort();
  stop?.addEventListener('abort', onStop);
  let status: 6 | 7 | undefined;
  const beat = async () => {
    try {
      if (!(await client.heartbeat(info.name, task, status))) abort.abort();
    } catch (e) {
      log(`heartbeat for task ${task.taskId} failed: ${(e as Error).message}`);
    }
  };
  const timer = setInterval(beat, HEARTBEAT_MS);
  // A judge task counts its cases, a package task its steps (package-task.ts); the total is known when it starts.
  let progressTotal = task.kind === 'judge' ? task.problem.cases.length : 1;
  const progress =
    task.kind === 'judge' || task.kind === 'package'
      ? createProgressReporter((done) => client.progress(info.name, task, done, Math.max(1, progressTotal)), {
          minMs: live.LIVE.progressMinMs,
          log,
        })
      : undefined;
  let answered = false;
  const report = async (r: Parameters<JudgeClient['report']>[2]) => {
    if (abort.signal.aborted) return;
    await client.report(info.name, task, r);
    answered = true;
  };
  try {
    if (task.kind === 'judge') {
      const judge = await judger.judge(task, {
        cache,
        signal: abort.signal,
        // The claim made the submission Compiling already; Judging is worth a call.
        onStatus: (s) => {
          status = s;
          if (s === 7) void beat();
        },
        onCase: () => progress?.caseDone(),
      });
      progress?.stop();
      await report({ judge });
    } else if (task.kind === 'testRun') {
      const testRun = await judger.testRun(task, { cache, signal: abort.signal });
      await report({ testRun });
    } else if (task.kind === 'package') {
      let reported = 0;
      const packageReport = await judger.package(task, {
        cache,
        uploadTestData: (filePath) => client.uploadTestData(filePath, abort.signal),
        onProgress: (done, total) => {
          progressTotal = total;
          for (; reported < done; reported++) progress?.caseDone();
        },
        signal: abort.signal,
      });
      progress?.stop();
      await report({ package: packageReport });
    } else {
      const compile = await judger.compileChecker(task, { cache });
      await report({ compile });
    }
  } catch (e) {
    if (!stop?.aborted) {
      const reason = (e as Error).message || String(e);
      log(`task ${task.taskId} (attempt ${task.attempt}) failed: ${reason}`);
      await client
        .report(info.name, task, { failure: reason })
        .catch((err) => log(`cannot report failure: ${err.message}`));
      answered = true;
    }
  } finally {
    progress?.stop();
    clearInterval(timer);
    stop?.removeEventListener('abort', onStop);
  }
  if (!answered && stop?.aborted) await handBack(client, info.name, task, 'task');
};

/** What `promise` gives, or undefined as soon as `signal` aborts (the promise itself goes on). */
const unlessAborted = <T>(promise: Promise<T>, signal: AbortSignal) =>
  new Promise<T | undefined>((resolve, reject) => {
    if (signal.aborted) return resolve(undefined);
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });

export interface WorkerOptions {
  server: string;
  token: string;
  concurrency?: number;
  name?: string;
  cacheDir?: string;
  judger: Judger;
  /** Ends the worker: tasks still running are stopped and handed back. */
  signal?: AbortSignal;
  /** Stops claiming (a worker asked to stop, SIGTERM): the tasks in hand are finished, then the loops end. */
  drain?: AbortSignal;
}

/** Runs `concurrency` claim loops against the server until the signal (or the drain, once its tasks are done)
 * ends them. */
export const runWorker = async (opts: WorkerOptions) => {
  const client = createJudgeClient(opts.server, opts.token);
  const stopping = AbortSignal.any([opts.signal, opts.drain].filter((s) => s !== undefined));
  // Probing the languages takes seconds (compilers, precompiled headers): a worker stopped meanwhile stops at once
  // rather than after it (an orchestrator's stop timeout is 10 s); it has claimed nothing yet.
  const languages = await unlessAborted(opts.judger.languages(), stopping);
  if (languages === undefined) return;
  const info: WorkerInfo = {
    name: opts.name ?? `${os.hostname()}-${process.pid}`,
    languages,
    concurrency: opts.concurrency ?? physicalCores(),
    version: '1',
  };
  const cache = createTestDataCache(opts.cacheDir ?? '/var/lib/oj-judge/cache', (sha) => client.testData(sha));
  if (languages.length === 0) log('no language is available on this machine: run `npm run judge -- doctor`');
  log(`worker ${info.name} serving ${opts.server} with ${info.concurrency} slot(s): ${languages.join(', ')}`);
  // Stopping (or draining) hangs up the long polls at once.
  await serveClaims({
    client,
    name: info.name,
    label: 'task',
    concurrency: info.concurrency,
    stop: stopping,
    claim: (running, stop) => client.claim(info, running, CLAIM_WAIT_MS, stop),
    run: (task) => runTask(client, opts.judger, info, cache, task, opts.signal),
  });
};
